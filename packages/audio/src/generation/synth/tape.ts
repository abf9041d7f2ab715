import type { Random } from '../random'
import type { MixBus } from './bus'
import { onePoleCoefficient } from './bus'

/**
 * The lo-fi finish: the whole mix through a gentle two-pole low-pass (a worn tape or an old
 * sampler), with sparse vinyl crackle added before the filter so the clicks are soft.
 */
export function applyTapeColour(bus: MixBus, random: Random, cutoffHz = 5200): void {
  const coefficient = onePoleCoefficient(cutoffHz, bus.sampleRate)
  // About eight clicks a second, at random places and strengths.
  const clickChance = 8 / bus.sampleRate
  for (const channel of [bus.left, bus.right]) {
    let first = 0
    let second = 0
    for (let index = 0; index < channel.length; index++) {
      let input = channel[index] as number
      if (random.next() < clickChance) input += (random.next() - 0.5) * 0.12
      first += coefficient * (input - first)
      second += coefficient * (first - second)
      channel[index] = second
    }
  }
}
