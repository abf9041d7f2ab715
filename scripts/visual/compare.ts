import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

/** pixelmatch's per-pixel colour distance (0–1): anti-aliasing noise stays under it. */
const PIXEL_THRESHOLD = 0.1
/** Share of pixels allowed to differ: font hinting flickers a few, a changed component many more. */
export const MAX_DIFF_RATIO = 0.0005

export interface Comparison {
  equal: boolean
  differentPixels: number
  /** Red where the pictures differ, over a faded copy of the baseline; null when sizes differ. */
  diff: Buffer | null
  reason: string
}

export function comparePng(baseline: Buffer, actual: Buffer): Comparison {
  const expected = PNG.sync.read(baseline)
  const got = PNG.sync.read(actual)
  if (expected.width !== got.width || expected.height !== got.height) {
    return {
      equal: false,
      differentPixels: Number.POSITIVE_INFINITY,
      diff: null,
      reason: `size ${got.width}x${got.height}, baseline ${expected.width}x${expected.height}`,
    }
  }
  if (expected.data.equals(got.data)) {
    return { equal: true, differentPixels: 0, diff: null, reason: 'identical' }
  }
  const diff = new PNG({ width: got.width, height: got.height })
  const differentPixels = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, {
    threshold: PIXEL_THRESHOLD,
  })
  const allowed = Math.floor(got.width * got.height * MAX_DIFF_RATIO)
  return {
    equal: differentPixels <= allowed,
    differentPixels,
    diff: PNG.sync.write(diff),
    reason: `${differentPixels} pixels differ (at most ${allowed} allowed)`,
  }
}

/** The same picture, deflated as hard as zlib goes: baselines are committed, so every byte stays. */
export function compressPng(png: Buffer): Buffer {
  return PNG.sync.write(PNG.sync.read(png), { deflateLevel: 9, filterType: -1 })
}
