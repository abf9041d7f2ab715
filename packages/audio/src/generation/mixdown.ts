import type { Random } from './random'
import type { MixBus } from './synth/bus'
import type { ReverbOptions } from './synth/reverb'
import { Reverb } from './synth/reverb'
import { TapeColour } from './synth/tape'

/**
 * The finishing chain between the instruments and the master: the room (from the reverb send),
 * the lo-fi tape colour, a rumble filter and the fade at the end. Every stage keeps its state
 * between calls and the fade goes by absolute sample index, so a song finished stretch by stretch
 * as it is rendered is exactly the song finished in one go.
 */
export interface MixdownOptions {
  /** The room; none leaves the send unused. */
  reverb: ReverbOptions | undefined
  /** The random the tape's crackle draws from; none for every style but lo-fi. */
  tape: Random | undefined
  /** Length of the fade that ends the bus, in seconds; 0 for none. */
  fadeSeconds: number
}

const RUMBLE_CUTOFF_HZ = 20

/** A first-order high-pass at 20 Hz: no DC offset or inaudible rumble reaches the master. */
class RumbleFilter {
  private readonly pole: number
  private previousInput = 0
  private previousOutput = 0

  constructor(sampleRate: number) {
    this.pole = Math.exp((-2 * Math.PI * RUMBLE_CUTOFF_HZ) / sampleRate)
  }

  process(channel: Float32Array, from: number, to: number): void {
    const pole = this.pole
    let previousInput = this.previousInput
    let previousOutput = this.previousOutput
    for (let index = from; index < to; index++) {
      const input = channel[index] as number
      previousOutput = input - previousInput + pole * previousOutput
      previousInput = input
      channel[index] = previousOutput
    }
    this.previousInput = previousInput
    this.previousOutput = previousOutput
  }
}

/** A squared fade to silence over the last `fadeLength` samples of a bus `length` long. */
function fadeOut(
  channel: Float32Array,
  from: number,
  to: number,
  length: number,
  fadeLength: number,
): void {
  const fadeStart = length - fadeLength
  for (let index = Math.max(from, fadeStart); index < to; index++) {
    const remaining = 1 - (index - fadeStart) / fadeLength
    channel[index] = (channel[index] as number) * remaining * remaining
  }
}

/** Finishes a bus's left and right channels in place, in consecutive stretches of any size. */
export class Mixdown {
  private finished = 0
  private readonly reverb: Reverb | undefined
  private readonly tape: TapeColour | undefined
  private readonly rumble: [RumbleFilter, RumbleFilter]
  private readonly fadeLength: number

  constructor(
    private readonly bus: MixBus,
    options: MixdownOptions,
  ) {
    const { sampleRate } = bus
    this.reverb = options.reverb ? new Reverb(sampleRate, options.reverb) : undefined
    this.tape = options.tape ? new TapeColour(sampleRate, options.tape) : undefined
    this.rumble = [new RumbleFilter(sampleRate), new RumbleFilter(sampleRate)]
    this.fadeLength = Math.min(bus.length, Math.round(options.fadeSeconds * sampleRate))
  }

  /** Samples before this one are finished. */
  get finishedUntil(): number {
    return this.finished
  }

  /** Finishes [finishedUntil, to); the caller promises nothing will be added there any more. */
  finishUntil(to: number): void {
    const { bus } = this
    const from = this.finished
    const end = Math.min(to, bus.length)
    if (end <= from) return
    this.reverb?.process(bus, from, end)
    this.tape?.process(bus, from, end)
    this.rumble[0].process(bus.left, from, end)
    this.rumble[1].process(bus.right, from, end)
    if (this.fadeLength > 0) {
      fadeOut(bus.left, from, end, bus.length, this.fadeLength)
      fadeOut(bus.right, from, end, bus.length, this.fadeLength)
    }
    this.finished = end
  }
}
