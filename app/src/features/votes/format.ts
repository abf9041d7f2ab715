import type { VoteStatus } from '@gy/api'
import { formatChinaDate, type StatusBadgeTone } from '@gy/design-system'

/** 2026年11月25日, in China time whatever the device's zone: the activity's days are China's. */
export function formatActivityDate(iso: string): string {
  return formatChinaDate(new Date(iso))
}

export const STATUS_TONES: Record<VoteStatus, StatusBadgeTone> = {
  upcoming: 'info',
  open: 'success',
  ended: 'neutral',
}

/** 37.5%: one decimal below 10 %, none above, so small shares do not read as 0. */
export function formatShare(votes: number, total: number): string {
  if (total === 0) return '0%'
  const percent = (votes / total) * 100
  return `${percent < 10 ? percent.toFixed(1) : Math.round(percent)}%`
}

/** Options by votes, most first; ties keep the activity's own order. */
export function rankOptions<Option extends { votes: number }>(
  options: readonly Option[],
): Option[] {
  return options
    .map((option, index) => ({ option, index }))
    .sort((a, b) => b.option.votes - a.option.votes || a.index - b.index)
    .map(({ option }) => option)
}
