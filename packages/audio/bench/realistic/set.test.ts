import { describe, expect, it } from 'vitest'
import type { PcmAudio } from '../../src/types'
import { createRandom } from '../fixtures/random'
import {
  BENCH_SEEDS,
  MIX_KINDS,
  realisticSet,
  renderRealisticSong,
  TUNING_SEEDS,
  type RealisticExample,
} from './set'
import { parseSoundFont } from './soundFont'
import { buildSoundFont, sineSample } from './testSoundFont'

// A stand-in for FluidR3 (which CI does not install): a looped sine for every melodic program and
// a decaying noise burst for the drum kits.
const random = createRandom(9)
const noiseBurst = Int16Array.from({ length: 4000 }, (_, i) =>
  Math.round((random() * 2 - 1) * 20_000 * Math.exp(-i / 800)),
)
const font = parseSoundFont(
  buildSoundFont(
    [
      sineSample('sine', 100, 20, 69),
      { name: 'noise', points: noiseBurst, loopStart: 0, loopEnd: 0, originalPitch: 60 },
    ],
    [
      {
        name: 'tone',
        zones: [
          [
            [38, -3986],
            [54, 1],
            [53, 0],
          ],
        ],
      },
      { name: 'kit', zones: [[[53, 1]]] },
    ],
    [
      { name: 'Tone', program: 0, bank: 0, zones: [[[41, 0]]] },
      { name: 'Kit', program: 0, bank: 128, zones: [[[41, 1]]] },
    ],
  ),
)
const SAMPLE_RATE = 22_050
const song = renderRealisticSong(font, 102, 8, SAMPLE_RATE)

function energy(channels: Float32Array[]): number {
  return channels.reduce((sum, channel) => sum + channel.reduce((s, x) => s + x * x, 0), 0)
}

/** Energy of L − R over that of L + R: 0 for a centred mono source, larger when wider. */
function width(audio: PcmAudio): number {
  const [left, right] = audio.channels as [Float32Array, Float32Array]
  return energy([left.map((x, i) => x - right[i]!)]) / energy([left.map((x, i) => x + right[i]!)])
}

describe('renderRealisticSong', () => {
  it('gives three mixes whose stems sum exactly to the mixture, peaking at -1 dBFS', () => {
    for (const kind of MIX_KINDS) {
      const example: RealisticExample = song.examples[kind]
      expect(example.mixture.channels).toHaveLength(kind === 'mono' ? 1 : 2)
      let peak = 0
      let mismatch = 0
      example.mixture.channels.forEach((channel, c) => {
        expect(channel.length).toBe(8 * SAMPLE_RATE)
        for (let i = 0; i < channel.length; i++) {
          const sum = example.vocals.channels[c]![i]! + example.accompaniment.channels[c]![i]!
          mismatch = Math.max(mismatch, Math.abs(channel[i]! - sum))
          peak = Math.max(peak, Math.abs(channel[i]!))
        }
      })
      expect(mismatch).toBeLessThan(1e-6)
      expect(energy(example.vocals.channels)).toBeGreaterThan(0)
      expect(energy(example.accompaniment.channels)).toBeGreaterThan(0)
      if (kind !== 'mono') expect(20 * Math.log10(peak)).toBeCloseTo(-1, 3)
    }
  })

  it('makes the produced vocal wider and off centre, the light one nearly centred and dry', () => {
    const light = song.examples.light.vocals
    const produced = song.examples.produced.vocals
    expect(width(light)).toBeLessThan(0.05)
    expect(width(produced)).toBeGreaterThan(width(light) * 3)
    const [left, right] = produced.channels as [Float32Array, Float32Array]
    expect(Math.abs(10 * Math.log10(energy([left]) / energy([right])))).toBeGreaterThan(0.3)
  })

  it('folds the produced mix down to mono for the mono mix', () => {
    const produced = song.examples.produced.vocals.channels
    const mono = song.examples.mono.vocals.channels[0]!
    for (let i = 0; i < mono.length; i += 997) {
      expect(mono[i]).toBeCloseTo((produced[0]![i]! + produced[1]![i]!) / 2, 6)
    }
  })

  it('renders the same song for the same seed', () => {
    const again = renderRealisticSong(font, 102, 8, SAMPLE_RATE)
    expect(again.examples.produced.mixture.channels[1]).toEqual(
      song.examples.produced.mixture.channels[1],
    )
  })
})

describe('realisticSet', () => {
  it('keeps the seeds a method may be tuned on apart from the ones the bench scores', () => {
    expect(
      TUNING_SEEDS.filter((seed) => (BENCH_SEEDS as readonly number[]).includes(seed)),
    ).toEqual([])
    expect(new Set(BENCH_SEEDS.map((seed) => renderStyle(seed))).size).toBe(6)
  })

  it('renders one song per seed, lazily', () => {
    const songs = realisticSet({ seeds: [1, 2], font, durationSeconds: 3, sampleRate: SAMPLE_RATE })
    const first = songs.next()
    expect(first.value?.name).toMatch(/-1$/)
    expect(songs.next().value?.name).toMatch(/-2$/)
    expect(songs.next().done).toBe(true)
  })
})

function renderStyle(seed: number): string {
  return renderRealisticSong(font, seed, 1, 8000).arrangement.style
}
