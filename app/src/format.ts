/** Formatting and error helpers every feature of the app shares. */
import type { ApiError } from '@gy/api'
import { formatChinaDateTime } from '@gy/design-system'

/** 2026年11月24日 08:04, in China time whatever the browser's zone. */
export function formatTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '—' : formatChinaDateTime(date)
}

/** 990 → ¥9.90 */
export function formatYuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`
}

/** Whether the error is the server's answer about the input (shown next to the field). */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof Error && 'kind' in error && error.kind === 'business'
}
