/**
 * Number formatting shared by the points views. Money arrives as integer fen (1 yuan = 100 fen)
 * and points as integers, so nothing here does floating-point money arithmetic.
 */

const groupedInteger = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 })
const signedInteger = new Intl.NumberFormat('zh-CN', {
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
})
const wholeYuan = new Intl.NumberFormat('zh-CN', {
  style: 'currency',
  currency: 'CNY',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})
const yuanWithFen = new Intl.NumberFormat('zh-CN', {
  style: 'currency',
  currency: 'CNY',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** 12345 → "12,345". */
export function formatPoints(points: number): string {
  return groupedInteger.format(points)
}

/** 500 → "+500", -200 → "-200", 0 → "0": a movement of points in a record. */
export function formatSignedPoints(points: number): string {
  return signedInteger.format(points)
}

/**
 * 1000 → "¥10", 990 → "¥9.90". Whole amounts drop the ".00" the way price tags do; any fen shows
 * both decimals so ¥9.9 never appears. Divides once at the end, so no rounding creeps in.
 */
export function formatFen(fen: number): string {
  return fen % 100 === 0 ? wholeYuan.format(fen / 100) : yuanWithFen.format(fen / 100)
}
