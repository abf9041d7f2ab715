import { clsx } from 'clsx'
import { useId } from 'react'
import { AI_STRINGS } from '../../strings.ai'
import * as styles from './TagPicker.css'

export interface TagPickerOption {
  value: string
  label: string
}

export interface TagPickerProps {
  /** Names the group, shown above the chips, e.g. 风格 or 情绪. */
  label: string
  options: readonly TagPickerOption[]
  /** The picked values, in the order they were picked. */
  value: readonly string[]
  onValueChange: (value: string[]) => void
  /** Several tags may be picked. Off (the default), picking one replaces the one picked before. */
  multiple?: boolean
  /** With `multiple`, how many may be picked; the other chips rest until one is released. */
  max?: number
  disabled?: boolean
  className?: string
}

/**
 * Style or mood tags as chips. Each chip is a toggle button (aria-pressed): pressing a picked one
 * releases it, so a single choice can be cleared too.
 */
export function TagPicker({
  label,
  options,
  value,
  onValueChange,
  multiple = false,
  max,
  disabled = false,
  className,
}: TagPickerProps) {
  const hintId = useId()
  const limit = multiple && max !== undefined && max > 0 ? max : null
  const full = limit !== null && value.length >= limit

  function toggle(option: string): void {
    const picked = value.includes(option)
    if (!multiple) {
      onValueChange(picked ? [] : [option])
      return
    }
    if (picked) onValueChange(value.filter((candidate) => candidate !== option))
    else if (!full) onValueChange([...value, option])
  }

  return (
    <div
      className={clsx(styles.root, className)}
      role="group"
      aria-label={label}
      aria-describedby={limit !== null ? hintId : undefined}
    >
      {/* The group's name says this already; the visible copy is not read twice. */}
      <div className={styles.header} aria-hidden="true">
        <span className={styles.label}>{label}</span>
        {limit !== null ? (
          <span className={styles.count} data-full={full ? '' : undefined}>
            {AI_STRINGS.tagPicker.count(value.length, limit)}
          </span>
        ) : null}
      </div>
      <div className={styles.chips}>
        {options.map((option) => {
          const picked = value.includes(option.value)
          const resting = full && !picked
          return (
            <button
              key={option.value}
              type="button"
              className={styles.chip}
              aria-pressed={picked}
              aria-disabled={resting || undefined}
              data-state={picked ? 'on' : 'off'}
              disabled={disabled}
              onClick={() => {
                if (!resting) toggle(option.value)
              }}
            >
              {option.label}
            </button>
          )
        })}
      </div>
      {limit !== null ? (
        <p id={hintId} className={styles.hint}>
          {AI_STRINGS.tagPicker.limit(limit)}
        </p>
      ) : null}
    </div>
  )
}
TagPicker.displayName = 'TagPicker'
