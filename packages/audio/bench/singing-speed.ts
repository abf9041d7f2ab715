// Run in a child process by bench/singing.ts: `node --import tsx singing-speed.ts`. Sings every
// sung melody note of a 3-minute song with the singing voice (eSpeak started cold, as in a fresh
// job) and with the old vowel voice, and prints the wall-clock seconds of each as JSON.
import { composeForRequest } from '../src/generation/generate'
import { melodySyllables } from '../src/generation/singing/pronounce'
import { createSingingVoice, leadSinger } from '../src/generation/singing/singingVoice'
import { setSpeechCacheDirectory } from '../src/generation/singing/speechCache'
import { createMixBus, place } from '../src/generation/synth/bus'
import { createVowelVoice, vowelFor } from '../src/generation/synth/voice'
import { midiToFrequency } from '../src/generation/theory'
import { createTimeline, songLength } from '../src/generation/render'

const RATE = 44100
const LYRICS = [
  '[verse]',
  '清晨的风吹过窗台',
  '旧书页里夹着花瓣',
  '你说远方总有人在等',
  '我把名字写在沙滩',
  '[chorus]',
  '走过山川走过人海',
  '心里那盏灯还亮着',
  '若有一天我们再相逢',
  '请记得今天的约定',
].join('\n')

/** CPU seconds of this process, all its threads (eSpeak's worker included). */
function cpuSeconds(usage: { user: number; system: number }): number {
  return (usage.user + usage.system) / 1e6
}

function main(): void {
  // eSpeak itself is what is timed: no syllable comes from an earlier process's disk cache.
  setSpeechCacheDirectory(null)
  let composition = composeForRequest(
    { mode: 'advanced', title: '约定', lyrics: LYRICS, style: 'pop', tempo: 92 },
    5,
  )
  // Repeat the lyrics until the song lasts about three minutes.
  let lyrics = LYRICS
  while (songLength(composition, RATE) / RATE < 170) {
    lyrics += `\n${LYRICS}`
    composition = composeForRequest(
      { mode: 'advanced', title: '约定', lyrics, style: 'pop', tempo: 92 },
      5,
    )
  }
  const length = songLength(composition, RATE)
  const timeline = createTimeline(composition.brief.tempo, composition.definition.swing, RATE)
  const sung = composition.melody.filter(
    (note) => composition.phrases[note.phraseIndex]?.carrier === 'voice',
  )
  const notes = sung.map((note) => ({
    start: timeline.sampleAt(note.startBeat),
    length: Math.max(
      1,
      timeline.sampleAt(note.startBeat + note.durationBeats) -
        timeline.sampleAt(note.startBeat) -
        660,
    ),
    frequency: midiToFrequency(note.midi),
    velocity: note.velocity,
    placement: place(0, 1, 0.3),
    glideFrom: undefined,
  }))

  const vowelCpu = process.cpuUsage()
  const vowelStart = performance.now()
  const vowelBus = createMixBus(RATE, length)
  const vowels = createVowelVoice(RATE, 1)
  sung.forEach((note, index) => {
    const played = notes[index]
    if (played)
      vowels.sing(vowelBus, { ...played, vowel: vowelFor(note.syllable), consonant: true })
  })
  const vowelsWallSeconds = (performance.now() - vowelStart) / 1000
  const vowelsCpuSeconds = cpuSeconds(process.cpuUsage(vowelCpu))

  const singingCpu = process.cpuUsage()
  const singingStart = performance.now()
  const bus = createMixBus(RATE, length)
  const voice = createSingingVoice(RATE, 1, { singer: leadSinger('pop', 5) })
  const syllables = melodySyllables(composition)
  voice.prepare(syllables.values())
  sung.forEach((note, index) => {
    const syllable = syllables.get(note)
    const played = notes[index]
    const previous = sung[index - 1]
    const breath = previous === undefined || previous.phraseIndex !== note.phraseIndex
    if (syllable && played) voice.sing(bus, { ...played, syllable, breath })
  })
  const singingWallSeconds = (performance.now() - singingStart) / 1000
  const singingCpuSeconds = cpuSeconds(process.cpuUsage(singingCpu))
  console.log(
    JSON.stringify({
      songSeconds: length / RATE,
      notes: sung.length,
      singingWallSeconds,
      singingCpuSeconds,
      vowelsWallSeconds,
      vowelsCpuSeconds,
    }),
  )
}

main()
