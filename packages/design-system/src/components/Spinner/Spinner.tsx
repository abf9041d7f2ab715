import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import * as styles from './Spinner.css'

export const spinnerSizes = ['sm', 'md', 'lg'] as const
export type SpinnerSize = (typeof spinnerSizes)[number]

export const spinnerTones = ['current', 'accent', 'muted'] as const
export type SpinnerTone = (typeof spinnerTones)[number]

export interface SpinnerProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  size?: SpinnerSize
  /** `current` takes the text colour of its parent, so it fits inside buttons of any variant. */
  tone?: SpinnerTone
  /** Announced to screen readers. Without it the spinner is decorative (its parent says what is busy). */
  label?: string
}

export function Spinner({
  size = 'md',
  tone = 'current',
  label,
  className,
  ...props
}: SpinnerProps) {
  const accessibility = label
    ? ({ role: 'status', 'aria-label': label } as const)
    : ({ 'aria-hidden': true } as const)
  return (
    <span
      className={clsx(styles.root, styles.size[size], styles.tone[tone], className)}
      {...accessibility}
      {...props}
    />
  )
}
Spinner.displayName = 'Spinner'
