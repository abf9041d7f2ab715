/** Decoded audio: one Float32Array of samples in [-1, 1] per channel, all the same length. */
export interface PcmAudio {
  sampleRate: number
  channels: Float32Array[]
}

/** Reports how much of a long piece of work is done, from 0 to 1. */
export type ProgressCallback = (fraction: number) => void
