// How far finished songs land from -14 LUFS with the loudness foreseen before they render: the data
// behind FORESIGHT_OFFSET_LU in src/generation/mastering.ts. `node --import tsx packages/audio/bench/mastering-offset.ts tune`
// renders the tuning set (224 songs, every style and mood, smart and advanced, sung and
// instrumental) and prints the distribution and the offset that centres it on -14 LUFS;
// `... check` renders the held-out set (other seeds, other lyrics and prompts) with the offset in
// the code and prints how many land within -14 ± 1 LU. Each song takes a few seconds.
import type { GenerationRequest } from '../src/generation/generate'
import { GENERATION_SAMPLE_RATE, composeForRequest } from '../src/generation/generate'
import {
  FORESIGHT_OFFSET_LU,
  SongMaster,
  foreseeLoudness,
  masteringGainDb,
} from '../src/generation/mastering'
import { arrange } from '../src/generation/render'
import { MOOD_LABELS, SONG_MOODS, SONG_STYLES, STYLE_LABELS } from '../src/generation/styles'
import { DEFAULT_TARGET_LUFS, integratedLoudness, truePeakDb } from '../src/measure/loudness'

/** One round covers every style with every mood, once as a smart and once as an advanced request. */
interface SetDefinition {
  firstSeed: number
  rounds: number
  themes: readonly string[]
  lyrics: readonly string[]
}

const TUNING: SetDefinition = {
  firstSeed: 100,
  rounds: 2,
  themes: ['夏天的海边', '城市的夜晚和梦', '远方的朋友'],
  lyrics: [
    '[verse]\n街灯一盏一盏亮起\nwalking home alone tonight\n[chorus]\n我们在梦里相遇\n[bridge]\n风停了\n',
    '[verse]\n清晨的雨落在窗前\n我数着你离开的天\n[chorus]\n唱吧唱吧 把心打开\n让风带走所有的等待\n[verse]\n旧照片里的笑脸\n还停在那年夏天\n[chorus]\n唱吧唱吧 把心打开\n',
  ],
}

/** Seeds, themes and lyrics that the offset was not tuned on. */
const HELD_OUT: SetDefinition = {
  firstSeed: 50_000,
  rounds: 1,
  themes: ['山间的月光', '第一次长途旅行'],
  lyrics: [
    '[intro]\n[verse]\n火车穿过黄昏的田野\n我把名字写在车窗上\n[chorus]\n向前走 不回头\n[outro]\n',
  ],
}

function masteringSet(definition: SetDefinition): { request: GenerationRequest; seed: number }[] {
  const songs: { request: GenerationRequest; seed: number }[] = []
  let index = 0
  for (let round = 0; round < definition.rounds; round++) {
    for (const style of SONG_STYLES) {
      for (const mood of SONG_MOODS) {
        for (const mode of ['smart', 'advanced'] as const) {
          const seed = definition.firstSeed + index
          const instrumental = index % 3 === 0
          const theme = definition.themes[index % definition.themes.length] ?? ''
          const lyrics = definition.lyrics[index % definition.lyrics.length] ?? ''
          const request: GenerationRequest =
            mode === 'smart'
              ? {
                  mode,
                  prompt: `一首${MOOD_LABELS[mood]}的${STYLE_LABELS[style]}歌，关于${theme}`,
                  instrumental,
                  seed,
                }
              : { mode, title: theme, lyrics, style, mood, instrumental, seed }
          songs.push({ request, seed })
          index++
        }
      }
    }
  }
  return songs
}

interface Measured {
  label: string
  style: string
  excerpt: number
  foreseen: number
  gainDb: number
  mix: number
  mastered: number
  truePeak: number
}

/** Renders one song the way `streamSong` does (chunking does not change the result) and measures it. */
function measure(request: GenerationRequest, seed: number): Measured {
  const composition = composeForRequest(request, seed)
  const arrangement = arrange(composition, GENERATION_SAMPLE_RATE)
  const foreseen = foreseeLoudness(composition, arrangement.excerpt)
  for (let section = 0; section < arrangement.sectionCount; section++) {
    arrangement.renderSection(section)
  }
  arrangement.finishUntil(arrangement.bus.length)
  const mix = {
    sampleRate: GENERATION_SAMPLE_RATE,
    channels: [arrangement.bus.left, arrangement.bus.right],
  }
  const gainDb = masteringGainDb(foreseen, arrangement.excerpt)
  const master = new SongMaster(gainDb, GENERATION_SAMPLE_RATE, 2)
  const head = master.push(mix.channels)
  const tail = master.end()
  const mastered = {
    sampleRate: GENERATION_SAMPLE_RATE,
    channels: head.map((channel, c) => {
      const joined = new Float32Array(channel.length + (tail[c]?.length ?? 0))
      joined.set(channel)
      joined.set(tail[c] ?? new Float32Array(0), channel.length)
      return joined
    }),
  }
  const { brief } = composition
  return {
    label: `${request.mode} ${brief.style}/${brief.mood}${brief.instrumental ? ' instrumental' : ''} seed ${seed}`,
    style: brief.style,
    excerpt: integratedLoudness(arrangement.excerpt),
    foreseen,
    gainDb,
    mix: integratedLoudness(mix),
    mastered: integratedLoudness(mastered),
    truePeak: truePeakDb(mastered),
  }
}

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q
  const low = Math.floor(position)
  const high = Math.ceil(position)
  const a = sorted[low] as number
  return a + ((sorted[high] as number) - a) * (position - low)
}

function describe(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  const f = (value: number) => value.toFixed(2)
  return `min ${f(sorted[0] as number)} p5 ${f(quantile(sorted, 0.05))} median ${f(quantile(sorted, 0.5))} p95 ${f(quantile(sorted, 0.95))} max ${f(sorted[sorted.length - 1] as number)}`
}

function report(results: readonly Measured[]): void {
  const error = (result: Measured) => result.mastered - DEFAULT_TARGET_LUFS
  console.log(`songs: ${results.length}`)
  console.log(`song mix - excerpt (LU): ${describe(results.map((r) => r.mix - r.excerpt))}`)
  console.log(`song mix - foreseen (LU): ${describe(results.map((r) => r.mix - r.foreseen))}`)
  const lossOf = (r: Measured) => r.mix + r.gainDb - r.mastered
  console.log(`limiter loss on the song (dB): ${describe(results.map(lossOf))}`)
  const madeUp = (r: Measured) =>
    r.gainDb - (DEFAULT_TARGET_LUFS - r.foreseen - FORESIGHT_OFFSET_LU)
  console.log(`made up for the limiter on the excerpt (dB): ${describe(results.map(madeUp))}`)
  console.log(
    `mastered - target (LU), offset ${FORESIGHT_OFFSET_LU}: ${describe(results.map(error))}`,
  )
  for (const style of SONG_STYLES) {
    const ofStyle = results.filter((result) => result.style === style)
    if (ofStyle.length > 0) console.log(`  ${style.padEnd(10)} ${describe(ofStyle.map(error))}`)
  }
  const within = results.filter((result) => Math.abs(error(result)) <= 1).length
  console.log(`within ±1 LU: ${within} of ${results.length}`)
  console.log(`true peak: ${describe(results.map((r) => r.truePeak))} dBTP`)
  const worst = [...results].sort((a, b) => Math.abs(error(b)) - Math.abs(error(a))).slice(0, 5)
  for (const result of worst)
    console.log(`  worst: ${result.label}: ${error(result).toFixed(2)} LU`)
  const median = quantile(
    [...results.map(error)].sort((a, b) => a - b),
    0.5,
  )
  console.log(`offset that centres the median: ${(FORESIGHT_OFFSET_LU + median).toFixed(2)} LU`)
}

const mode = process.argv[2]
if (mode !== 'tune' && mode !== 'check') {
  console.error('usage: mastering-offset.ts tune|check')
  process.exit(2)
}
const songs = masteringSet(mode === 'tune' ? TUNING : HELD_OUT)
const results: Measured[] = []
for (const [index, song] of songs.entries()) {
  const result = measure(song.request, song.seed)
  results.push(result)
  console.error(
    `${index + 1}/${songs.length} ${result.label}: excerpt ${result.excerpt.toFixed(2)}, foreseen ${result.foreseen.toFixed(2)}, gain ${result.gainDb.toFixed(2)} dB, mix ${result.mix.toFixed(2)}, mastered ${result.mastered.toFixed(2)} LUFS, ${result.truePeak.toFixed(2)} dBTP`,
  )
}
report(results)
