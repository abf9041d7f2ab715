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

/**
 * The smaller and the larger of two int32s without a branch. For the bits of non-negative floats,
 * a - b lies within ±2^31, so the shift reads its sign.
 */
const lower = (a: number, b: number): number => b + ((a - b) & ((a - b) >> 31))
const upper = (a: number, b: number): number => a - ((a - b) & ((a - b) >> 31))

/**
 * The median of thirteen non-negative float32 values, given and returned as their bit patterns
 * (an Int32Array view of them): for such floats the bits order as the values do, and a comparison
 * of int32s can be made without a branch, where sorting thirteen values mispredicts a branch on
 * about every other step. The separation's repetition cue takes this median for every bin of a
 * song, four million times for three minutes.
 *
 * The comparisons are Batcher's odd-even merge sort for sixteen inputs, the last three taken as
 * +∞ (which removes every comparison they enter), keeping only those the middle output depends
 * on: 66 min/max operations, `x` the inputs and `v` the results in order.
 */
export function medianOfThirteenBits(bits: Int32Array): number {
  const x0 = bits[0]!
  const x1 = bits[1]!
  const x2 = bits[2]!
  const x3 = bits[3]!
  const x4 = bits[4]!
  const x5 = bits[5]!
  const x6 = bits[6]!
  const x7 = bits[7]!
  const x8 = bits[8]!
  const x9 = bits[9]!
  const x10 = bits[10]!
  const x11 = bits[11]!
  const x12 = bits[12]!
  const v1 = lower(x0, x1)
  const v2 = upper(x0, x1)
  const v3 = lower(x2, x3)
  const v4 = upper(x2, x3)
  const v5 = lower(x4, x5)
  const v6 = upper(x4, x5)
  const v7 = lower(x6, x7)
  const v8 = upper(x6, x7)
  const v9 = lower(x8, x9)
  const v10 = upper(x8, x9)
  const v11 = lower(x10, x11)
  const v12 = upper(x10, x11)
  const v13 = lower(v1, v3)
  const v14 = upper(v1, v3)
  const v15 = lower(v2, v4)
  const v16 = upper(v2, v4)
  const v17 = lower(v5, v7)
  const v18 = upper(v5, v7)
  const v19 = lower(v6, v8)
  const v20 = upper(v6, v8)
  const v21 = lower(v9, v11)
  const v22 = upper(v9, v11)
  const v23 = lower(v10, v12)
  const v24 = upper(v10, v12)
  const v25 = lower(v15, v14)
  const v26 = upper(v15, v14)
  const v27 = lower(v19, v18)
  const v28 = upper(v19, v18)
  const v29 = lower(v23, v22)
  const v30 = upper(v23, v22)
  const v31 = lower(v13, v17)
  const v32 = upper(v13, v17)
  const v33 = lower(v25, v27)
  const v34 = upper(v25, v27)
  const v35 = lower(v26, v28)
  const v36 = upper(v26, v28)
  const v37 = lower(v16, v20)
  const v38 = lower(v21, x12)
  const v39 = upper(v21, x12)
  const v40 = lower(v35, v32)
  const v41 = upper(v35, v32)
  const v42 = lower(v37, v34)
  const v43 = upper(v37, v34)
  const v44 = lower(v30, v39)
  const v45 = upper(v30, v39)
  const v46 = lower(v33, v40)
  const v47 = upper(v33, v40)
  const v48 = lower(v42, v41)
  const v49 = upper(v42, v41)
  const v50 = lower(v43, v36)
  const v51 = upper(v43, v36)
  const v52 = lower(v29, v44)
  const v53 = upper(v29, v44)
  const v54 = lower(v24, v45)
  const v55 = upper(v24, v45)
  const v56 = upper(v31, v38)
  const v57 = upper(v46, v52)
  const v58 = upper(v47, v53)
  const v59 = lower(v48, v54)
  const v60 = lower(v49, v55)
  const v61 = upper(v60, v56)
  const v62 = lower(v50, v57)
  const v63 = lower(v51, v58)
  const v64 = upper(v59, v62)
  const v65 = lower(v63, v61)
  const v66 = upper(v64, v65)
  return v66
}
