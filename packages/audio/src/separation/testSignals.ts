/** Deterministic signals shared by the separation tests. */

/** Uniform white noise in ±amplitude from a linear congruential generator (same seed, same noise). */
export function noise(length: number, seed: number, amplitude = 0.3): Float32Array {
  const out = new Float32Array(length)
  let state = seed >>> 0
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    out[i] = (state / 2 ** 31 - 1) * amplitude
  }
  return out
}
