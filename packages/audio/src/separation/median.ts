/**
 * Running median filters over strided sequences, for median filtering a row-major spectrogram
 * along time (stride = bins per frame) or along frequency (stride = 1) without copying it.
 */

/**
 * Writes to `output` the median of each element's neighbourhood of `window` elements (odd;
 * truncated at the ends, so the first and last elements use fewer neighbours) of the sequence
 * `input[offset + i * stride]`, i = 0 .. count - 1. `scratch` must hold at least `window` values.
 * The window slides by keeping its values sorted: O(window) per element, no allocation.
 */
export function runningMedian(
  input: Float32Array,
  output: Float32Array,
  offset: number,
  stride: number,
  count: number,
  window: number,
  scratch: Float32Array,
): void {
  const reach = window >> 1
  let size = 0
  const insert = (value: number): void => {
    let at = size
    while (at > 0 && scratch[at - 1]! > value) {
      scratch[at] = scratch[at - 1]!
      at--
    }
    scratch[at] = value
    size++
  }
  const remove = (value: number): void => {
    let at = 0
    while (at < size - 1 && scratch[at] !== value) at++
    for (let i = at; i < size - 1; i++) scratch[i] = scratch[i + 1]!
    size--
  }
  for (let i = 0; i < Math.min(reach, count); i++) insert(input[offset + i * stride]!)
  for (let i = 0; i < count; i++) {
    // Remove before inserting, so the window never holds more than `window` values.
    const leaving = i - reach - 1
    if (leaving >= 0) remove(input[offset + leaving * stride]!)
    const entering = i + reach
    if (entering < count) insert(input[offset + entering * stride]!)
    const middle = size >> 1
    output[offset + i * stride] =
      size & 1 ? scratch[middle]! : 0.5 * (scratch[middle - 1]! + scratch[middle]!)
  }
}

/** Median of the first `count` values of `values`, which it sorts in place (insertion sort). */
export function smallMedian(values: Float32Array, count: number): number {
  for (let i = 1; i < count; i++) {
    const value = values[i]!
    let at = i
    while (at > 0 && values[at - 1]! > value) {
      values[at] = values[at - 1]!
      at--
    }
    values[at] = value
  }
  const middle = count >> 1
  return count & 1 ? values[middle]! : 0.5 * (values[middle - 1]! + values[middle]!)
}
