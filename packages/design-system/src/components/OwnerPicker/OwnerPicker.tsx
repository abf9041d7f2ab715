import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import * as styles from './OwnerPicker.css'

export interface OwnerPickerOption {
  id: string
  name: string
  /** e.g. 自然人 · 居民身份证 110105********1234 */
  detail: string
}

export interface OwnerPickerProps {
  /** Names the group for screen readers, e.g. 选择著作权人. */
  label: string
  owners: readonly OwnerPickerOption[]
  /** The picked owners' ids, in the order they were picked. */
  value: readonly string[]
  onValueChange: (value: string[]) => void
  /** Shown instead of the list when there are no owners yet (with a link to add one). */
  empty?: ReactNode
  disabled?: boolean
  className?: string
}

/**
 * The user's copyright owners as cards to pick from; each card is a toggle button (aria-pressed),
 * so the keyboard picks with Tab and Space like any button.
 */
export function OwnerPicker({
  label,
  owners,
  value,
  onValueChange,
  empty,
  disabled = false,
  className,
}: OwnerPickerProps) {
  if (owners.length === 0) return <p className={clsx(styles.empty, className)}>{empty}</p>
  return (
    <ul className={clsx(styles.list, className)} aria-label={label}>
      {owners.map((owner) => {
        const picked = value.includes(owner.id)
        return (
          <li key={owner.id}>
            <button
              type="button"
              className={styles.option}
              aria-pressed={picked}
              disabled={disabled}
              onClick={() =>
                onValueChange(picked ? value.filter((id) => id !== owner.id) : [...value, owner.id])
              }
            >
              <span className={styles.check} aria-hidden="true">
                {picked ? '✓' : ''}
              </span>
              <span className={styles.text}>
                <span className={styles.name}>{owner.name}</span>
                <span className={styles.detail}>{owner.detail}</span>
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
OwnerPicker.displayName = 'OwnerPicker'
