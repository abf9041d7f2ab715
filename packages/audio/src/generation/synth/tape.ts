import type { Random } from '../random'
import type { MixBus } from './bus'
import { onePoleCoefficient } from './bus'

/** About eight vinyl clicks a second, at random places and strengths. */
const CLICKS_PER_SECOND = 8

/** One channel's crackle source and filter state, kept between calls. */
class TapeChannel {
  private first = 0
  private second = 0

  constructor(
    private readonly random: Random,
    private readonly coefficient: number,
    private readonly clickChance: number,
  ) {}

  process(channel: Float32Array, from: number, to: number): void {
    const { random, coefficient, clickChance } = this
    let first = this.first
    let second = this.second
    for (let index = from; index < to; index++) {
      let input = channel[index] as number
      if (random.next() < clickChance) input += (random.next() - 0.5) * 0.12
      first += coefficient * (input - first)
      second += coefficient * (first - second)
      channel[index] = second
    }
    this.first = first
    this.second = second
  }
}

/**
 * The lo-fi finish: the whole mix through a gentle two-pole low-pass (a worn tape or an old
 * sampler), with sparse vinyl crackle added before the filter so the clicks are soft. Each channel
 * draws its crackle from its own fork of `random`, so ranges can be processed in any sizes, left
 * and right interleaved, and the result is the same.
 */
export class TapeColour {
  private readonly left: TapeChannel
  private readonly right: TapeChannel

  constructor(sampleRate: number, random: Random, cutoffHz = 5200) {
    const coefficient = onePoleCoefficient(cutoffHz, sampleRate)
    const clickChance = CLICKS_PER_SECOND / sampleRate
    this.left = new TapeChannel(random.fork('left'), coefficient, clickChance)
    this.right = new TapeChannel(random.fork('right'), coefficient, clickChance)
  }

  /** Colours [from, to) of the bus's left and right channels in place. */
  process(bus: MixBus, from: number, to: number): void {
    this.left.process(bus.left, from, to)
    this.right.process(bus.right, from, to)
  }
}
