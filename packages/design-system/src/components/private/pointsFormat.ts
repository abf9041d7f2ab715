/**
 * Number formatting shared by the points views. Money arrives as integer fen (1 yuan = 100 fen)
 * and points as integers, so nothing here does floating-point money arithmetic. Written out
 * rather than through Intl, which costs a page its locale data on first use (../../chinaFormat.ts).
 */
import { groupDigits } from '../../chinaFormat'

/** 12345 → "12,345". */
export function formatPoints(points: number): string {
  return groupDigits(points)
}

/** 500 → "+500", -200 → "-200", 0 → "0": a movement of points in a record. */
export function formatSignedPoints(points: number): string {
  return points > 0 ? `+${groupDigits(points)}` : groupDigits(points)
}

/**
 * 1000 → "¥10", 990 → "¥9.90". Whole amounts drop the ".00" the way price tags do; any fen shows
 * both decimals so ¥9.9 never appears. Whole yuan and fen are split in integers, so no rounding
 * creeps in.
 */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const absolute = Math.abs(Math.trunc(fen))
  const yuan = groupDigits(Math.floor(absolute / 100))
  const cents = absolute % 100
  return cents === 0 ? `${sign}¥${yuan}` : `${sign}¥${yuan}.${String(cents).padStart(2, '0')}`
}

/** 10 → "10", 0.5 → "0.5", 12345.678 → "12,345.68": a yuan amount the user typed, at most 2 decimals. */
export function formatYuanAmount(yuan: number): string {
  const fen = Math.round(Math.abs(yuan) * 100)
  const sign = yuan < 0 && fen > 0 ? '-' : ''
  const whole = groupDigits(Math.floor(fen / 100))
  const cents = fen % 100
  if (cents === 0) return `${sign}${whole}`
  return `${sign}${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`
}
