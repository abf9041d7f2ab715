import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import * as styles from './StatusBadge.css'

export const statusBadgeTones = [
  'neutral',
  'accent',
  'success',
  'warning',
  'danger',
  'info',
] as const
export type StatusBadgeTone = (typeof statusBadgeTones)[number]

export interface StatusBadgeProps extends ComponentPropsWithRef<'span'> {
  tone?: StatusBadgeTone
  children: ReactNode
}

/** A short status in a coloured pill: 审核中, 已认证, 在售, 已下架... */
export function StatusBadge({ tone = 'neutral', className, children, ...props }: StatusBadgeProps) {
  return (
    <span className={clsx(styles.badge({ tone }), className)} data-tone={tone} {...props}>
      {children}
    </span>
  )
}
StatusBadge.displayName = 'StatusBadge'
