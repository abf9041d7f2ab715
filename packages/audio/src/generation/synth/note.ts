import type { Placement } from './bus'

/** One note for an instrument to play: where it starts and how long it is held, in samples. */
export interface NoteToPlay {
  start: number
  /** Samples from note-on to note-off; the instrument adds its own release after that. */
  length: number
  frequency: number
  /** 0..1 */
  velocity: number
  placement: Placement
}
