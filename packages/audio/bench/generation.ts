// Generation budgets (`npm run bench -- audio`, or AUDIO_BENCH=generation): the time to write and
// render a 3-minute song on one core, how soon its first MP3 frames stream out, its loudness and
// true peak, and how well the composer keeps its own rules (melody notes in key, lyric lines
// placed) over many seeds and every style.
import type { BenchRow } from '../../../scripts/bench-types'
import type { Composition } from '../src/generation/composer'
import { inKeyRatio } from '../src/generation/composer'
import type { GenerationRequest } from '../src/generation/generate'
import { composeForRequest, lyricsFor, renderSong } from '../src/generation/generate'
import { parseLrc } from '../src/generation/lrc'
import { SONG_STYLES, STYLE_LABELS } from '../src/generation/styles'
import { parseMpegFrameHeader } from '../src/io/mp3Frames'
import { generateFile } from '../src/jobs'
import { integratedLoudness, truePeakDb } from '../src/measure/loudness'
import type { PcmAudio } from '../src/types'
import { timed } from './timing'

const AREA = 'audio'
const BUDGET_SECONDS = 6
const THREE_MINUTES = 180

function samplePeak(audio: PcmAudio): number {
  let peak = 0
  for (const channel of audio.channels) {
    for (let index = 0; index < channel.length; index++) {
      const value = Math.abs(channel[index] as number)
      if (value > peak) peak = value
    }
  }
  return peak
}

/** Seconds of audio in a run of whole MPEG frames. */
function framesSeconds(frames: Uint8Array): number {
  let samples = 0
  let sampleRate = 1
  for (let offset = 0; offset < frames.length;) {
    const header = parseMpegFrameHeader(frames, offset)
    if (!header) break
    samples += header.samplesPerFrame
    sampleRate = header.sampleRate
    offset += header.length
  }
  return samples / sampleRate
}

/**
 * A request through `generateFile` as a worker runs it: the wall-clock time from the call to the
 * first MP3 frames of the first variant, the audio they carry, and the time until that variant's
 * file is complete.
 */
async function firstFrames(request: GenerationRequest): Promise<{
  firstSeconds: number
  firstAudioSeconds: number
  variantSeconds: number
}> {
  const started = performance.now()
  let firstSeconds = Number.NaN
  let firstAudioSeconds = 0
  let variantSeconds = Number.NaN
  await generateFile(request, {
    onFrames: (index, frames) => {
      if (index !== 0 || !Number.isNaN(firstSeconds)) return
      firstSeconds = (performance.now() - started) / 1000
      firstAudioSeconds = framesSeconds(frames)
    },
    onVariant: (_, index) => {
      if (index === 0) variantSeconds = (performance.now() - started) / 1000
    },
  })
  return { firstSeconds, firstAudioSeconds, variantSeconds }
}

/** A request per style, sung, with lyrics the composer writes from the prompt. */
function styleRequest(style: (typeof SONG_STYLES)[number], seed: number): GenerationRequest {
  return { mode: 'smart', prompt: `一首${STYLE_LABELS[style]}风格的歌，关于城市的夜晚和梦`, seed }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []

  // Speed: compose + render + master one variant, with the time scaled to exactly three minutes.
  // A first untimed song warms the JIT up, as a long-running worker would be.
  const speedRequest: GenerationRequest = {
    mode: 'smart',
    prompt: '一首温柔的民谣，关于夏天的海边',
    seed: 2024,
  }
  renderSong(composeForRequest(speedRequest, 7))
  const timing = await timed(() => renderSong(composeForRequest(speedRequest, 2024)))
  const song = timing.result
  const scale = THREE_MINUTES / song.durationSeconds
  rows.push({
    area: AREA,
    budget: 'Generation: one 3-minute stereo 44.1 kHz song (compose, render, master), one core',
    target: `< ${BUDGET_SECONDS} s`,
    measured: `${(timing.wallSeconds * scale).toFixed(2)} s wall clock per 3 min (CPU ${(timing.cpuSeconds * scale).toFixed(2)} s; song ${song.durationSeconds.toFixed(0)} s)`,
    pass: timing.wallSeconds * scale < BUDGET_SECONDS,
  })

  // Streaming: how soon a request's first variant can start playing.
  const streamed = await firstFrames(speedRequest)
  rows.push({
    area: AREA,
    budget: 'Generation: generateFile → first MP3 frames of the first variant (wall clock)',
    target: '< 5 s, at least 6 s of audio',
    measured: `${streamed.firstSeconds.toFixed(2)} s, carrying ${streamed.firstAudioSeconds.toFixed(1)} s of audio (variant complete, MP3 included, after ${streamed.variantSeconds.toFixed(2)} s)`,
    pass: streamed.firstSeconds < 5 && streamed.firstAudioSeconds >= 6,
  })

  // Loudness, true peak and clipping over one song per style.
  let worstLoudnessError = 0
  let loudest = -Infinity
  let highestTruePeak = -Infinity
  let highestSample = 0
  let renderCpu = 0
  let renderWall = 0
  let renderedSeconds = 0
  for (const style of SONG_STYLES) {
    const styled = await timed(() => renderSong(composeForRequest(styleRequest(style, 11), 11)))
    renderCpu += styled.cpuSeconds
    renderWall += styled.wallSeconds
    renderedSeconds += styled.result.durationSeconds
    const loudness = integratedLoudness(styled.result.audio)
    worstLoudnessError = Math.max(worstLoudnessError, Math.abs(loudness + 14))
    loudest = Math.max(loudest, loudness)
    highestTruePeak = Math.max(highestTruePeak, truePeakDb(styled.result.audio))
    highestSample = Math.max(highestSample, samplePeak(styled.result.audio))
  }
  rows.push({
    area: AREA,
    budget: `Generation: loudness (${SONG_STYLES.length} styles)`,
    target: '-14 ± 1 LUFS',
    measured: `worst ${worstLoudnessError.toFixed(2)} LU off -14`,
    pass: worstLoudnessError <= 1,
  })
  rows.push({
    area: AREA,
    budget: `Generation: true peak and clipping (${SONG_STYLES.length} styles)`,
    target: '≤ -1 dBTP, no sample ≥ 1',
    measured: `max ${highestTruePeak.toFixed(2)} dBTP, max sample ${highestSample.toFixed(3)}`,
    pass: highestTruePeak <= -1 && highestSample < 1,
  })
  rows.push({
    area: AREA,
    budget: 'Generation: average speed over all styles, one core',
    target: `< ${BUDGET_SECONDS} s per 3 min`,
    measured: `${((renderWall / renderedSeconds) * THREE_MINUTES).toFixed(2)} s wall clock per 3 min (CPU ${((renderCpu / renderedSeconds) * THREE_MINUTES).toFixed(2)} s)`,
    pass: (renderWall / renderedSeconds) * THREE_MINUTES < BUDGET_SECONDS,
  })

  // Rules of the composer, checked on compositions only (no audio needed): every style, sung and
  // instrumental, smart and advanced, many seeds.
  const compositions: Composition[] = []
  for (const style of SONG_STYLES) {
    for (let seed = 1; seed <= 12; seed++) {
      compositions.push(composeForRequest(styleRequest(style, seed), seed))
      compositions.push(
        composeForRequest(
          {
            mode: 'advanced',
            title: '测试',
            lyrics:
              '[verse]\n街灯一盏一盏亮起\nwalking home alone tonight\n[chorus]\n我们在梦里相遇\n[bridge]\n风停了\n',
            style,
            instrumental: seed % 3 === 0,
          },
          seed,
        ),
      )
    }
  }
  const notes = compositions.reduce((sum, composition) => sum + composition.melody.length, 0)
  const inKeyNotes = compositions.reduce(
    (sum, composition) => sum + inKeyRatio(composition) * composition.melody.length,
    0,
  )
  const passingNotes = compositions.reduce(
    (sum, composition) => sum + composition.melody.filter((note) => note.passing).length,
    0,
  )
  rows.push({
    area: AREA,
    budget: `Generation: melody notes in key or deliberate passing notes (${compositions.length} songs)`,
    target: '100%',
    measured: `${((inKeyNotes / notes) * 100).toFixed(2)}% of ${notes} notes (${passingNotes} marked passing)`,
    pass: Math.round(inKeyNotes) === notes,
  })
  let lyricLines = 0
  let placedLines = 0
  for (const composition of compositions) {
    const wanted = composition.brief.instrumental
      ? []
      : composition.brief.lyrics.flatMap((section) => section.lines)
    const placed = new Set(parseLrc(lyricsFor(composition)).map((line) => line.text))
    lyricLines += wanted.length
    placedLines += wanted.filter((line) => placed.has(line)).length
  }
  rows.push({
    area: AREA,
    budget: `Generation: lyric lines placed in the LRC (${compositions.length} songs)`,
    target: '100%',
    measured: `${placedLines} of ${lyricLines} lines`,
    pass: placedLines === lyricLines,
  })
  return rows
}
