/** Analysis / synthesis windows for short-time transforms. */

export const WINDOW_NAMES = ['hann', 'sqrt-hann', 'rectangular'] as const
export type WindowName = (typeof WINDOW_NAMES)[number]

/**
 * Periodic Hann window (the DFT-even form, w[0] = 0 and no repeated end point), which overlaps-adds
 * to a constant at 50 % and 75 % overlap, unlike the symmetric form.
 */
export function hannWindow(size: number): Float32Array {
  const window = new Float32Array(size)
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size)
  return window
}

/**
 * Square root of the periodic Hann window. Used for both analysis and synthesis, the product is a
 * Hann window, so masked spectra are resynthesised without edge clicks and reconstruct perfectly.
 */
export function sqrtHannWindow(size: number): Float32Array {
  const window = hannWindow(size)
  for (let i = 0; i < size; i++) window[i] = Math.sqrt(window[i]!)
  return window
}

export function rectangularWindow(size: number): Float32Array {
  return new Float32Array(size).fill(1)
}

export function createWindow(name: WindowName, size: number): Float32Array {
  switch (name) {
    case 'hann':
      return hannWindow(size)
    case 'sqrt-hann':
      return sqrtHannWindow(size)
    case 'rectangular':
      return rectangularWindow(size)
  }
}
