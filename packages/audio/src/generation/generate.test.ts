import { beforeAll, describe, expect, it } from 'vitest'
import { integratedLoudness, truePeakDb } from '../measure/loudness'
import type { GeneratedSong } from './generate'
import {
  GENERATION_SAMPLE_RATE,
  composeForRequest,
  generateSong,
  lyricsFor,
  openingFor,
  renderSong,
  songDetails,
  streamSong,
} from './generate'
import { INSTRUMENTAL_LRC_LINE, parseLrc } from './lrc'
import { requestSeed } from './request'
import type { GenerationRequest } from './request'

const request: GenerationRequest = {
  mode: 'smart',
  prompt: '一首温柔的民谣，关于夏天的海边',
  seed: 2024,
}

/** The tests' songs are the variants' first two sections (about 40 seconds, a sung verse in). */
const SECTIONS = 2

describe('generateSong', () => {
  /** The one whole song of the unit tests: the first variant, as the platform makes it. */
  let whole: GeneratedSong | undefined
  let songs: GeneratedSong[] = []
  const progress: number[] = []

  beforeAll(() => {
    whole = generateSong(request, { variants: 1 })[0]
    songs = generateSong(request, {
      sections: SECTIONS,
      onProgress: (fraction) => progress.push(fraction),
    })
  }, 120_000)

  it('returns two variants from seed and seed + 1', () => {
    expect(songs.map((song) => song.seed)).toEqual([2024, 2025])
    const [first, second] = songs
    expect(first?.audio.channels[0]).not.toEqual(second?.audio.channels[0])
  })

  it('renders stereo 44.1 kHz songs of two and a half to three and a half minutes', () => {
    expect(whole?.seed).toBe(2024)
    // The second variant's whole length, from its composition (rendered above as an opening).
    const secondWhole = songDetails(composeForRequest(request, 2025)).durationSeconds
    for (const seconds of [whole?.durationSeconds ?? 0, secondWhole]) {
      expect(seconds).toBeGreaterThanOrEqual(150)
      expect(seconds).toBeLessThanOrEqual(220)
    }
    for (const song of [whole, ...songs]) {
      expect(song?.audio.sampleRate).toBe(GENERATION_SAMPLE_RATE)
      expect(song?.audio.channels).toHaveLength(2)
      expect(song?.audio.channels[0]?.length).toBe(song?.audio.channels[1]?.length)
      expect(song?.audio.channels[0]?.length).toBe(
        Math.round((song?.durationSeconds ?? 0) * GENERATION_SAMPLE_RATE),
      )
      expect(song?.style).toBe('folk')
      expect(song?.title).toBe('夏天的海边')
      expect(song?.key).toMatch(/^[A-G][b#]? (major|minor)$/u)
    }
    // The openings are what was asked for: shorter, the same song.
    expect(songs[0]?.durationSeconds).toBeLessThan(60)
    expect(songs[0]?.key).toBe(whole?.key)
  })

  it('refuses a section count that is not a whole number of at least one', () => {
    for (const sections of [0, 1.5, -1]) {
      expect(() => generateSong(request, { sections })).toThrow(/段数必须是正整数/)
    }
  })

  it('masters to -14 LUFS ± 1 with the true peak at or below -1 dBTP and no clipping', () => {
    for (const song of [whole as GeneratedSong, ...songs]) {
      expect(Math.abs(integratedLoudness(song.audio) + 14)).toBeLessThanOrEqual(1)
      expect(truePeakDb(song.audio)).toBeLessThanOrEqual(-1)
      for (const channel of song.audio.channels) {
        let peak = 0
        let nonFinite = 0
        for (let index = 0; index < channel.length; index++) {
          const value = channel[index] as number
          if (!Number.isFinite(value)) nonFinite++
          else if (Math.abs(value) > peak) peak = Math.abs(value)
        }
        expect(nonFinite).toBe(0)
        expect(peak).toBeLessThan(1)
        expect(peak).toBeGreaterThan(0.3)
      }
    }
  })

  it('places every lyric line in the LRC, in time order, inside the song', () => {
    const sections = [undefined, SECTIONS, SECTIONS]
    for (const [index, song] of [whole as GeneratedSong, ...songs].entries()) {
      const composition = openingFor(composeForRequest(request, song.seed), sections[index])
      const sung = composition.phrases
        .filter((phrase) => phrase.text !== undefined)
        .map((phrase) => phrase.text)
      const lines = parseLrc(song.lrc)
      expect(lines.map((line) => line.text)).toEqual(sung)
      expect(song.lrc.startsWith('[ti:夏天的海边]\n[ar:GY音乐 AI]\n')).toBe(true)
      for (let index = 1; index < lines.length; index++) {
        expect(lines[index]?.seconds ?? 0).toBeGreaterThan(lines[index - 1]?.seconds ?? 0)
      }
      expect(lines[lines.length - 1]?.seconds ?? Infinity).toBeLessThan(song.durationSeconds)
    }
  })

  it('gives bit-identical audio for the same request and seed', () => {
    const again = renderSong(openingFor(composeForRequest(request, requestSeed(request)), SECTIONS))
    const first = songs[0]
    expect(first).toBeDefined()
    for (let channel = 0; channel < 2; channel++) {
      const left = new Uint8Array(first?.audio.channels[channel]?.buffer ?? new ArrayBuffer(0))
      const right = new Uint8Array(again.audio.channels[channel]?.buffer ?? new ArrayBuffer(1))
      expect(Buffer.compare(Buffer.from(left), Buffer.from(right))).toBe(0)
    }
    expect(again.lrc).toBe(first?.lrc)
    expect(again.coverSvg).toBe(first?.coverSvg)
  }, 60_000)

  it('streams, stretch by stretch, exactly the audio renderSong returns', () => {
    const first = songs[0]
    const composition = openingFor(composeForRequest(request, first?.seed ?? -1), SECTIONS)
    const chunks = [...streamSong(composition)]
    // A stretch per section and the master's tail, not the whole song at the end.
    expect(chunks.length).toBeGreaterThan(composition.sections.length)
    for (let channel = 0; channel < 2; channel++) {
      const streamed = Buffer.concat(
        chunks.map((chunk) => {
          const samples = chunk[channel] as Float32Array
          return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)
        }),
      )
      const whole = first?.audio.channels[channel] as Float32Array
      expect(Buffer.compare(streamed, Buffer.from(whole.buffer))).toBe(0)
    }
  }, 60_000)

  it('reports progress from 0 to 1 without going back', () => {
    expect(progress.length).toBeGreaterThan(4)
    for (let index = 1; index < progress.length; index++) {
      expect(progress[index] ?? 0).toBeGreaterThanOrEqual(progress[index - 1] ?? 0)
    }
    expect(progress[progress.length - 1]).toBe(1)
  })

  it('draws a cover for each variant', () => {
    for (const song of songs) expect(song.coverSvg).toContain('夏天的海边')
    expect(songs[0]?.coverSvg).not.toBe(songs[1]?.coverSvg)
  })
})

describe('streamed mastering', () => {
  // The mastering gain is predicted from the calibration excerpt with an offset tuned on other
  // seeds (bench/mastering-offset.ts); these requests and seeds were not among them.
  const heldOut: readonly GenerationRequest[] = [
    { mode: 'smart', prompt: '一首激昂的摇滚，关于奔跑的少年', seed: 9001 },
    {
      mode: 'advanced',
      title: '午夜',
      lyrics: '',
      style: 'jazz',
      mood: 'romantic',
      instrumental: true,
      seed: 9002,
    },
    { mode: 'smart', prompt: '一首怀旧的 lo-fi，关于下雨的午后', seed: 9003 },
    {
      mode: 'advanced',
      title: '街角',
      lyrics: '[verse]\n街角的灯还亮着\n我们说好不回头\n[chorus]\n往前走 往前走\n',
      style: 'hiphop',
      seed: 9004,
    },
  ]

  it.each(heldOut)(
    'lands $mode request $seed at -14 LUFS ± 1 LU, at most -1 dBTP',
    (held) => {
      // Intro, verse and chorus: sections of different loudness, so the sketch has work to do.
      const song = renderSong(openingFor(composeForRequest(held, requestSeed(held)), 3))
      expect(Math.abs(integratedLoudness(song.audio) + 14)).toBeLessThanOrEqual(1)
      expect(truePeakDb(song.audio)).toBeLessThanOrEqual(-1)
    },
    60_000,
  )
})

describe('instrumental songs', () => {
  it('write an LRC that says the song is instrumental', () => {
    const composition = composeForRequest({ mode: 'smart', prompt: '一首宁静的 lo-fi 纯音乐' }, 5)
    expect(composition.brief.instrumental).toBe(true)
    expect(composition.phrases.every((phrase) => phrase.carrier === 'instrument')).toBe(true)
    expect(parseLrc(lyricsFor(composition))).toEqual([{ seconds: 0, text: INSTRUMENTAL_LRC_LINE }])
  })
})
