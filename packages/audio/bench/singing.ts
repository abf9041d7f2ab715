// Singing benchmark: are the words sung? Syllable identification by template matching on lyrics
// the voice was never tuned on, against chance and against the old vowel-only voice; and what the
// singing voice costs a 3-minute song, by the wall clock, in a fresh process.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { BenchLabels, BenchRow } from '../../../scripts/bench-types'
import type { SingerPresetId } from '../src/conversion/singers'
import { splitSyllables } from '../src/generation/lyrics'
import { createRandom } from '../src/generation/random'
import { identify, trimmedFrames } from '../src/generation/singing/intelligibility'
import { pronounceSyllables, type SungSyllable } from '../src/generation/singing/pronounce'
import { createSingingVoice } from '../src/generation/singing/singingVoice'
import { speechSource } from '../src/generation/singing/speech'
import { createMixBus, place } from '../src/generation/synth/bus'
import { createVowelVoice, vowelFor } from '../src/generation/synth/voice'

const RATE = 44100
/**
 * Lyrics the voice and this measure were never tuned on (the tests and the tuning used other
 * lines): two classical quatrains and an English line, sung by a female and a male preset.
 */
const LYRICS: readonly { name: string; text: string }[] = [
  { name: '静夜思', text: '床前明月光疑是地上霜举头望明月低头思故乡' },
  { name: '登鹳雀楼', text: '白日依山尽黄河入海流欲穷千里目更上一层楼' },
  { name: 'English', text: 'the river carries every quiet light across the sleeping town' },
]
const SINGERS: readonly SingerPresetId[] = ['bright-female', 'warm-male']
const BUDGETS = {
  identified: `Sung words identified (DTW of mel cepstra against eSpeak's spoken syllables; ${LYRICS.map((lyric) => lyric.name).join(', ')}; ${SINGERS.join(' and ')}; not tuned on)`,
  cost: "Singing voice's cost for a song's lead, wall clock, fresh process",
} as const

export const labels: BenchLabels = { budgets: Object.values(BUDGETS), references: [] }

/** A major scale from G3 to C5: the lead's usual range. */
const SCALE = [55, 57, 59, 60, 62, 64, 65, 67, 69, 71, 72]

/** A lyric as words to identify: a Chinese character, or an English word with all its notes. */
interface Word {
  label: string
  notes: SungSyllable[]
}

function wordsOf(text: string): Word[] {
  const words: Word[] = []
  for (const syllable of pronounceSyllables(splitSyllables(text))) {
    const last = words.at(-1)
    if (syllable.part > 0 && last) last.notes.push(syllable)
    else words.push({ label: syllable.spoken, notes: [syllable] })
  }
  return words
}

/**
 * The voices compared: the singing voice; the same voice with every consonant cut (each note
 * sings only its vowel, from the vowel's middle: the right vowel, no consonants); and the old
 * vowel-formant voice, whose vowel is chosen from the character's code point.
 */
export type ComparedVoice = 'singing' | 'vowels of the singing voice' | 'old vowel voice'

/**
 * A one-syllable word sung as its held vowel only: the second note of a word with one vowel holds
 * that vowel. The syllables of longer English words are left whole (the control errs in its own
 * favour there).
 */
function vowelOnly(syllable: SungSyllable): SungSyllable {
  return syllable.parts === 1 ? { ...syllable, part: 1, parts: 2 } : syllable
}

/** One word sung alone, note by note, on notes drawn from the scale; the sung audio. */
function singWord(
  word: Word,
  seed: number,
  voice: ComparedVoice,
  singer: SingerPresetId,
): Float32Array {
  const random = createRandom(seed)
  const noteSamples = Math.round(0.42 * RATE)
  const lead = Math.round(0.5 * RATE)
  const bus = createMixBus(RATE, lead + word.notes.length * noteSamples + RATE / 2)
  const singing = createSingingVoice(RATE, seed, { singer })
  const vowels = createVowelVoice(RATE, seed)
  word.notes.forEach((syllable, index) => {
    const midi = random.pick(SCALE) + (singer === 'warm-male' ? -5 : 0)
    const note = {
      start: lead + index * noteSamples,
      length: noteSamples - Math.round(0.03 * RATE),
      frequency: 440 * 2 ** ((midi - 69) / 12),
      velocity: 0.8,
      placement: place(0, 1, 0),
      glideFrom: undefined,
    }
    if (voice === 'singing') singing.sing(bus, { ...note, syllable, breath: false })
    else if (voice === 'vowels of the singing voice')
      singing.sing(bus, { ...note, syllable: vowelOnly(syllable), breath: false })
    else
      vowels.sing(bus, {
        ...note,
        vowel: vowelFor(syllable.language === 'zh' ? syllable.text : syllable.spoken),
        consonant: index === 0,
      })
  })
  return bus.left
}

/** The template of a word: eSpeak's default speaker saying it (not the singer's speaker). */
function spokenTemplate(word: Word): Float64Array[] {
  const first = word.notes[0]
  if (!first) return []
  const spoken = speechSource().speak(first.spoken, {
    language: first.language,
    variant: '',
    pitch: 50,
  })
  return trimmedFrames(spoken.samples.subarray(0, spoken.end), spoken.sampleRate)
}

interface Identification {
  correct: number
  total: number
  /** Chance: the mean of 1 / (distinct words) over the trials. */
  chance: number
}

export function identification(voice: ComparedVoice): Identification {
  let correct = 0
  let total = 0
  let chance = 0
  LYRICS.forEach((lyric, lyricIndex) => {
    const words = wordsOf(lyric.text)
    const distinct = [...new Map(words.map((word) => [word.label, word])).values()]
    const templates = distinct.map(spokenTemplate)
    SINGERS.forEach((singer, singerIndex) => {
      words.forEach((word, wordIndex) => {
        const seed = 1000 * lyricIndex + 100 * singerIndex + wordIndex
        const sung = trimmedFrames(singWord(word, seed, voice, singer), RATE)
        const guess = identify(sung, templates)
        if (distinct[guess]?.label === word.label) correct++
        total++
        chance += 1 / distinct.length
      })
    })
  })
  return { correct, total, chance: chance / Math.max(1, total) }
}

interface SpeedProbe {
  songSeconds: number
  notes: number
  singingWallSeconds: number
  singingCpuSeconds: number
  vowelsWallSeconds: number
  vowelsCpuSeconds: number
}

const probePath = fileURLToPath(new URL('./singing-speed.ts', import.meta.url))
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** The lead of a 3-minute song sung in a fresh process (eSpeak loaded cold), and by the old voice. */
async function speed(): Promise<SpeedProbe> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', probePath], {
    cwd: repositoryRoot,
    maxBuffer: 1 << 20,
    timeout: 5 * 60 * 1000,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as SpeedProbe
}

export async function run(): Promise<BenchRow[]> {
  const probe = await speed()
  const singing = identification('singing')
  const vowels = identification('old vowel voice')
  const noConsonants = identification('vowels of the singing voice')
  const accuracy = singing.correct / singing.total
  const control = vowels.correct / vowels.total
  const vowelsOnly = noConsonants.correct / noConsonants.total
  const added = probe.singingWallSeconds - probe.vowelsWallSeconds
  return [
    {
      area: 'audio',
      budget: BUDGETS.identified,
      target:
        '≥ 3× chance, ≥ the old vowel voice + 20 points, ≥ the same voice with its consonants cut + 10 points',
      measured:
        `${(accuracy * 100).toFixed(1)} % (${singing.correct}/${singing.total}); chance ` +
        `${(singing.chance * 100).toFixed(1)} %, so ${(accuracy / singing.chance).toFixed(1)}× chance; ` +
        `old vowel-only voice ${(control * 100).toFixed(1)} % (${vowels.correct}/${vowels.total}); ` +
        `the singing voice with its consonants cut ${(vowelsOnly * 100).toFixed(1)} %`,
      pass:
        accuracy >= 3 * singing.chance && accuracy >= control + 0.2 && accuracy >= vowelsOnly + 0.1,
    },
    {
      area: 'audio',
      budget: BUDGETS.cost,
      target: '≤ 1.5 s more than the old vowel voice',
      measured:
        `${added.toFixed(2)} s more for a ${Math.round(probe.songSeconds)} s song's lead of ${probe.notes} sung notes (${probe.singingWallSeconds.toFixed(2)} s singing, eSpeak ` +
        `started cold, vs ${probe.vowelsWallSeconds.toFixed(2)} s vowels); CPU of all threads ` +
        `${(probe.singingCpuSeconds - probe.vowelsCpuSeconds).toFixed(2)} s more ` +
        `(${probe.singingCpuSeconds.toFixed(2)} vs ${probe.vowelsCpuSeconds.toFixed(2)} s)`,
      pass: added <= 1.5,
    },
  ]
}
