import type { Random } from '../random'
import type { DrumKit } from '../styles'
import type { MixBus, Placement } from './bus'
import { bandPass, filterInPlace, highPass, sineCycles } from './bus'

/**
 * Drums synthesised once per song as short one-shot samples (kick: a falling sine sweep with a
 * click; snare: band-passed noise over a short tone; hats: high-passed noise), then laid into the
 * bus wherever the pattern says. Laying a sample is a multiply-add, so drums cost almost nothing.
 */
export interface DrumSounds {
  kick: Float32Array
  snare: Float32Array
  closedHat: Float32Array
  openHat: Float32Array
  /** A crash cymbal: a long burst of bright noise, struck where a new section begins. */
  crash: Float32Array
}

interface KitShape {
  kickStartHz: number
  kickEndHz: number
  kickSeconds: number
  snareToneHz: number
  snareBandHz: number
  snareSeconds: number
  snareNoise: number
  hatHighPassHz: number
  hatSeconds: number
}

const KIT_SHAPES: Record<DrumKit, KitShape> = {
  soft: {
    kickStartHz: 110,
    kickEndHz: 55,
    kickSeconds: 0.35,
    snareToneHz: 200,
    snareBandHz: 1400,
    snareSeconds: 0.18,
    snareNoise: 0.6,
    hatHighPassHz: 8000,
    hatSeconds: 0.03,
  },
  hand: {
    kickStartHz: 140,
    kickEndHz: 80,
    kickSeconds: 0.2,
    snareToneHz: 240,
    snareBandHz: 2500,
    snareSeconds: 0.12,
    snareNoise: 0.9,
    hatHighPassHz: 6000,
    hatSeconds: 0.05,
  },
  pop: {
    kickStartHz: 150,
    kickEndHz: 50,
    kickSeconds: 0.4,
    snareToneHz: 190,
    snareBandHz: 1800,
    snareSeconds: 0.22,
    snareNoise: 0.8,
    hatHighPassHz: 7500,
    hatSeconds: 0.035,
  },
  rock: {
    kickStartHz: 160,
    kickEndHz: 55,
    kickSeconds: 0.35,
    snareToneHz: 180,
    snareBandHz: 1600,
    snareSeconds: 0.3,
    snareNoise: 1,
    hatHighPassHz: 7000,
    hatSeconds: 0.05,
  },
  four: {
    kickStartHz: 170,
    kickEndHz: 45,
    kickSeconds: 0.45,
    snareToneHz: 210,
    snareBandHz: 2200,
    snareSeconds: 0.2,
    snareNoise: 0.9,
    hatHighPassHz: 9000,
    hatSeconds: 0.03,
  },
  boombap: {
    kickStartHz: 130,
    kickEndHz: 48,
    kickSeconds: 0.5,
    snareToneHz: 175,
    snareBandHz: 1500,
    snareSeconds: 0.28,
    snareNoise: 0.9,
    hatHighPassHz: 7000,
    hatSeconds: 0.04,
  },
  brushes: {
    kickStartHz: 100,
    kickEndHz: 55,
    kickSeconds: 0.3,
    snareToneHz: 220,
    snareBandHz: 3000,
    snareSeconds: 0.25,
    snareNoise: 0.5,
    hatHighPassHz: 6000,
    hatSeconds: 0.12,
  },
  lofi: {
    kickStartHz: 120,
    kickEndHz: 50,
    kickSeconds: 0.4,
    snareToneHz: 190,
    snareBandHz: 1200,
    snareSeconds: 0.22,
    snareNoise: 0.7,
    hatHighPassHz: 5000,
    hatSeconds: 0.04,
  },
}

function noise(random: Random, length: number): Float32Array {
  const samples = new Float32Array(length)
  for (let index = 0; index < length; index++) samples[index] = random.next() * 2 - 1
  return samples
}

export function createDrumSounds(kit: DrumKit, sampleRate: number, random: Random): DrumSounds {
  const shape = KIT_SHAPES[kit]

  const kickLength = Math.round(shape.kickSeconds * sampleRate)
  const kick = new Float32Array(kickLength)
  let phase = 0
  for (let index = 0; index < kickLength; index++) {
    const time = index / sampleRate
    const frequency =
      shape.kickEndHz + (shape.kickStartHz - shape.kickEndHz) * Math.exp(-time / 0.035)
    phase += frequency / sampleRate
    const body = Math.exp(-time / (shape.kickSeconds * 0.35))
    kick[index] = sineCycles(phase) * body
  }
  const clickLength = Math.min(kickLength, Math.round(0.004 * sampleRate))
  const click = noise(random, clickLength)
  for (let index = 0; index < clickLength; index++) {
    kick[index] =
      (kick[index] as number) + (click[index] as number) * 0.3 * (1 - index / clickLength)
  }

  const snareLength = Math.round(shape.snareSeconds * sampleRate)
  const snare = noise(random, snareLength)
  filterInPlace(snare, bandPass(shape.snareBandHz, 0.6, sampleRate))
  filterInPlace(snare, highPass(400, 0.7, sampleRate))
  let tonePhase = 0
  for (let index = 0; index < snareLength; index++) {
    const time = index / sampleRate
    tonePhase += shape.snareToneHz / sampleRate
    const tone = sineCycles(tonePhase) * Math.exp(-time / 0.04) * 0.6
    const rattle =
      (snare[index] as number) *
      Math.exp(-time / (shape.snareSeconds * 0.3)) *
      2.2 *
      shape.snareNoise
    snare[index] = tone + rattle
  }

  const makeHat = (seconds: number): Float32Array => {
    const length = Math.round(seconds * 4 * sampleRate)
    const hat = noise(random, length)
    filterInPlace(hat, highPass(shape.hatHighPassHz, 0.8, sampleRate))
    for (let index = 0; index < length; index++) {
      hat[index] = (hat[index] as number) * Math.exp(-index / sampleRate / seconds) * 1.4
    }
    return hat
  }
  const crashLength = Math.round(1.8 * sampleRate)
  const crash = noise(random, crashLength)
  filterInPlace(crash, highPass(4500, 0.7, sampleRate))
  for (let index = 0; index < crashLength; index++) {
    const time = index / sampleRate
    crash[index] =
      (crash[index] as number) * (Math.exp(-time / 0.45) * 0.9 + Math.exp(-time / 0.02) * 0.6)
  }
  return {
    kick,
    snare,
    closedHat: makeHat(shape.hatSeconds),
    openHat: makeHat(shape.hatSeconds * 5),
    crash,
  }
}

/** Adds a one-shot sample into the bus at a sample index. */
export function laySample(
  bus: MixBus,
  sample: Float32Array,
  start: number,
  placement: Placement,
): void {
  const end = Math.min(bus.length, start + sample.length)
  const { left, right, reverbSend } = bus
  for (let index = Math.max(0, start); index < end; index++) {
    const value = sample[index - start] as number
    left[index] = (left[index] as number) + value * placement.left
    right[index] = (right[index] as number) + value * placement.right
    reverbSend[index] = (reverbSend[index] as number) + value * placement.send
  }
}

/** One bar of a drum pattern on a sixteenth-note grid: velocities 0..1 (0 = silent). */
export interface DrumBar {
  kick: number[]
  snare: number[]
  hat: number[]
  openHat: number[]
}

const SIXTEENTHS = 16
function grid(hits: Record<number, number>): number[] {
  const steps = new Array<number>(SIXTEENTHS).fill(0)
  for (const [step, velocity] of Object.entries(hits)) steps[Number(step)] = velocity
  return steps
}

const EIGHTH_HATS = grid({ 0: 0.8, 2: 0.5, 4: 0.8, 6: 0.5, 8: 0.8, 10: 0.5, 12: 0.8, 14: 0.5 })
const SIXTEENTH_HATS = grid({
  0: 0.8,
  1: 0.35,
  2: 0.55,
  3: 0.35,
  4: 0.8,
  5: 0.35,
  6: 0.55,
  7: 0.35,
  8: 0.8,
  9: 0.35,
  10: 0.55,
  11: 0.35,
  12: 0.8,
  13: 0.35,
  14: 0.55,
  15: 0.4,
})
const BACKBEAT = grid({ 4: 1, 12: 1 })

/** The groove of a kit, thinned out at low energy and filled at the end of a section. */
export function drumBar(kit: DrumKit, energy: number, random: Random, fill: boolean): DrumBar {
  let bar: DrumBar
  switch (kit) {
    case 'four':
      bar = {
        kick: grid({ 0: 1, 4: 1, 8: 1, 12: 1 }),
        snare: energy > 0.7 ? BACKBEAT : grid({}),
        hat: grid({ 2: 0.7, 6: 0.7, 10: 0.7, 14: 0.7 }),
        openHat: grid({}),
      }
      break
    case 'boombap':
      bar = {
        kick: grid({ 0: 1, 7: 0.6, 10: 0.9 }),
        snare: BACKBEAT,
        hat: EIGHTH_HATS,
        openHat: grid({}),
      }
      break
    case 'rock':
      bar = {
        kick: grid({ 0: 1, 6: 0.7, 8: 1, 10: 0.6 }),
        snare: BACKBEAT,
        hat: EIGHTH_HATS,
        openHat: grid({ 14: energy > 0.8 ? 0.6 : 0 }),
      }
      break
    case 'brushes':
      bar = {
        kick: grid({ 0: 0.5, 8: 0.4 }),
        snare: grid({ 4: 0.6, 12: 0.6 }),
        hat: grid({ 0: 0.7, 4: 0.7, 7: 0.45, 8: 0.7, 12: 0.7, 15: 0.45 }),
        openHat: grid({}),
      }
      break
    case 'lofi':
      bar = {
        kick: grid({ 0: 1, 7: 0.5, 9: 0.8 }),
        snare: BACKBEAT,
        hat: EIGHTH_HATS,
        openHat: grid({}),
      }
      break
    case 'hand':
      bar = {
        kick: grid({ 0: 0.9, 6: 0.5, 8: 0.8 }),
        snare: grid({ 4: 0.8, 12: 0.8, 14: 0.3 }),
        hat: SIXTEENTH_HATS.map((velocity) => velocity * 0.5),
        openHat: grid({}),
      }
      break
    case 'soft':
      bar = {
        kick: grid({ 0: 0.8, 8: 0.6 }),
        snare: grid({ 12: 0.5 }),
        hat: EIGHTH_HATS.map((velocity) => velocity * 0.6),
        openHat: grid({}),
      }
      break
    case 'pop':
      bar = {
        kick: grid({ 0: 1, 8: 1, 10: 0.6 }),
        snare: BACKBEAT,
        hat: energy > 0.8 ? SIXTEENTH_HATS : EIGHTH_HATS,
        openHat: grid({}),
      }
      break
  }
  if (energy < 0.5) {
    // Quiet sections keep only the pulse.
    bar.snare = bar.snare.map((velocity) => velocity * 0.5)
    bar.hat = bar.hat.map((velocity, step) => (step % 4 === 0 ? velocity * 0.6 : 0))
  }
  if (fill) {
    const snare = [...bar.snare]
    const count = random.int(2, 4)
    for (let step = SIXTEENTHS - count; step < SIXTEENTHS; step++)
      snare[step] = 0.5 + 0.4 * ((step - (SIXTEENTHS - count)) / count)
    bar.snare = snare
  }
  return bar
}
