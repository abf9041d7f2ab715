import { describe, expect, it } from 'vitest'
import { createMixBus, filterInPlace, highPass, place } from '../synth/bus'
import { splitSyllables } from '../lyrics'
import { pronounceSyllables, type SungSyllable } from './pronounce'
import { createSingingVoice, leadSinger, SINGER_VOICES } from './singingVoice'
import { speechSource } from './speech'
import { SINGER_PRESET_IDS } from '../../conversion/singers'

const RATE = 44100
const NOTE_START = Math.round(0.5 * RATE)

function syllable(text: string): SungSyllable {
  const [sung] = pronounceSyllables(splitSyllables(text))
  if (!sung) throw new Error(`nothing to sing in ${text}`)
  return sung
}

function sing(
  text: string,
  options: { frequency?: number; seed?: number; singer?: 'deep-male' } = {},
) {
  const bus = createMixBus(RATE, RATE * 2)
  createSingingVoice(RATE, options.seed ?? 1, { singer: options.singer }).sing(bus, {
    start: NOTE_START,
    length: RATE,
    frequency: options.frequency ?? 330,
    velocity: 0.8,
    placement: place(0, 1, 0),
    syllable: syllable(text),
    glideFrom: undefined,
    breath: false,
  })
  return bus.left
}

function energy(samples: Float32Array, from: number, to: number): number {
  let sum = 0
  for (let index = from; index < to; index++) sum += (samples[index] as number) ** 2
  return sum / Math.max(1, to - from)
}

/** Share of the energy above 3 kHz, where frication and bursts are and a sung vowel mostly is not. */
function highShare(samples: Float32Array, from: number, to: number): number {
  const high = samples.slice(from, to)
  filterInPlace(high, highPass(3000, 0.7, RATE))
  return energy(high, 0, high.length) / Math.max(1e-12, energy(samples, from, to))
}

/** Fundamental by autocorrelation between 100 and 1000 Hz (the first near-best peak). */
function fundamental(samples: Float32Array): number {
  const scores: number[] = []
  const minLag = Math.floor(RATE / 1000)
  const maxLag = Math.ceil(RATE / 100)
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0
    for (let index = 0; index + lag < samples.length; index++)
      sum += (samples[index] as number) * (samples[index + lag] as number)
    scores.push(sum)
  }
  const best = Math.max(...scores)
  const index = scores.findIndex(
    (score, at) =>
      score > 0.9 * best && score >= (scores[at - 1] ?? 0) && score >= (scores[at + 1] ?? 0),
  )
  return RATE / (minLag + index)
}

describe('the singing voice', () => {
  it('speaks syllables through eSpeak with phonemes it reports', () => {
    const spoken = speechSource().speak('shi1', { language: 'zh', variant: '', pitch: 50 })
    expect(spoken.sampleRate).toBeGreaterThan(8000)
    expect(spoken.phonemes.map((phoneme) => phoneme.symbol).join(' ')).toMatch(/^s\.? ?ˈ?i/u)
    expect(spoken.end).toBeGreaterThan(spoken.sampleRate * 0.1)
  })

  it('sings at the note pitch, whatever pitch the syllable was spoken at', () => {
    for (const frequency of [220, 330, 523]) {
      const sung = sing('啊', { frequency })
      // Before the vibrato comes in.
      const measured = fundamental(sung.subarray(NOTE_START + 2000, NOTE_START + 2000 + 4096))
      expect(Math.abs(1200 * Math.log2(measured / frequency))).toBeLessThan(25)
    }
  })

  it.each(['思', '夏', '草'])(
    'sings the consonant of %s before the beat, the vowel on it',
    (text) => {
      const sung = sing(text)
      const before = Math.round(0.06 * RATE)
      const consonant = highShare(sung, NOTE_START - before, NOTE_START)
      const vowel = highShare(sung, NOTE_START + 4000, NOTE_START + 12000)
      expect(energy(sung, NOTE_START - before, NOTE_START)).toBeGreaterThan(1e-5)
      expect(consonant).toBeGreaterThan(0.25)
      expect(vowel).toBeLessThan(consonant / 3)
      // Nothing was sung long before the consonant.
      expect(energy(sung, 0, NOTE_START - Math.round(0.3 * RATE))).toBe(0)
    },
  )

  it('puts the burst and aspiration of 开 (kai) before the beat', () => {
    const sung = sing('开')
    const burst = energy(sung, NOTE_START - Math.round(0.08 * RATE), NOTE_START)
    const vowel = energy(sung, NOTE_START + 4000, NOTE_START + 12000)
    expect(burst).toBeGreaterThan(vowel * 0.01)
    expect(energy(sung, 0, NOTE_START - Math.round(0.3 * RATE))).toBe(0)
  })

  it('starts a vowel-initial syllable on the beat, with no consonant before it', () => {
    const sung = sing('啊')
    const before = energy(sung, NOTE_START - Math.round(0.05 * RATE), NOTE_START - 200)
    expect(before).toBeLessThan(energy(sung, NOTE_START + 2000, NOTE_START + 10000) * 0.01)
  })

  it('sings different words differently on the same note', () => {
    const spectrum = (samples: Float32Array) => {
      // Energy in eight bands of the first difference chain: a rough spectral envelope.
      const bands: number[] = []
      let signal = samples.subarray(NOTE_START - 4000, NOTE_START + 20000)
      for (let band = 0; band < 6; band++) {
        bands.push(Math.log10(energy(signal, 0, signal.length) + 1e-12))
        const next = new Float32Array(signal.length)
        for (let index = 1; index < signal.length; index++)
          next[index] = (signal[index] as number) - (signal[index - 1] as number)
        signal = next
      }
      return bands
    }
    const distance = (a: number[], b: number[]) =>
      Math.sqrt(a.reduce((sum, value, index) => sum + (value - (b[index] ?? 0)) ** 2, 0))
    const ma = spectrum(sing('妈'))
    const shu = spectrum(sing('书'))
    const maAgain = spectrum(sing('妈', { seed: 2 }))
    expect(distance(ma, shu)).toBeGreaterThan(0.5)
    expect(distance(ma, maAgain)).toBeLessThan(distance(ma, shu) / 4)
  })

  it('sings nothing, without failing, for a syllable with nothing to say', () => {
    const bus = createMixBus(RATE, RATE)
    const silent: SungSyllable = { text: '…', language: 'zh', spoken: '，', part: 0, parts: 1 }
    createSingingVoice(RATE, 1).sing(bus, {
      start: 1000,
      length: RATE / 2,
      frequency: 330,
      velocity: 0.8,
      placement: place(0, 1, 0),
      syllable: silent,
      glideFrom: undefined,
      breath: false,
    })
    expect(bus.left.every(Number.isFinite)).toBe(true)
  })

  it('is deterministic for a seed', () => {
    expect(Buffer.from(sing('月').buffer).equals(Buffer.from(sing('月').buffer))).toBe(true)
  })

  it('sings English words one syllable per note', () => {
    const parts = pronounceSyllables(splitSyllables('morning'))
    expect(parts).toHaveLength(2)
    const bus = createMixBus(RATE, RATE * 2)
    const voice = createSingingVoice(RATE, 1)
    parts.forEach((part, index) =>
      voice.sing(bus, {
        start: NOTE_START + index * RATE * 0.5,
        length: RATE * 0.45,
        frequency: 262,
        velocity: 0.8,
        placement: place(0, 1, 0),
        syllable: part,
        glideFrom: undefined,
        breath: index === 0,
      }),
    )
    expect(energy(bus.left, NOTE_START, NOTE_START + RATE * 0.4)).toBeGreaterThan(1e-4)
    expect(energy(bus.left, NOTE_START + RATE * 0.5, NOTE_START + RATE * 0.9)).toBeGreaterThan(1e-4)
  })

  it('has a speaker for every singer preset, and picks the lead by style and seed', () => {
    for (const id of SINGER_PRESET_IDS) {
      expect(SINGER_VOICES[id].variant).not.toBe('')
      const sung = sing('爱', { singer: id === 'deep-male' ? 'deep-male' : undefined })
      expect(energy(sung, NOTE_START, NOTE_START + RATE / 2)).toBeGreaterThan(1e-4)
    }
    const chosen = new Set(Array.from({ length: 40 }, (_, seed) => leadSinger('pop', seed)))
    expect(chosen.size).toBeGreaterThan(1)
    expect(leadSinger('pop', 7)).toBe(leadSinger('pop', 7))
  })
})
