import { clsx } from 'clsx'
import { ToggleGroup } from 'radix-ui'
import * as styles from './CategoryChips.css'

export interface CategoryChip {
  /** '' stands for every category (全部). */
  value: string
  label: string
}

export interface CategoryChipsProps {
  options: readonly CategoryChip[]
  value: string
  onValueChange: (value: string) => void
  /** Names the group for screen readers, e.g. 分类. */
  label: string
  className?: string
}

/**
 * The store's categories as a row of chips, one pressed at a time; wraps on wide screens and
 * scrolls sideways on phones. Arrow keys move between chips; Enter or Space picks one.
 */
export function CategoryChips({
  options,
  value,
  onValueChange,
  label,
  className,
}: CategoryChipsProps) {
  return (
    <ToggleGroup.Root
      type="single"
      className={clsx(styles.root, className)}
      aria-label={label}
      value={value}
      onValueChange={(next) => {
        // Pressing the pressed chip again would clear it; a filter always has a value.
        const option = options.find((candidate) => candidate.value === next)
        if (option && option.value !== value) onValueChange(option.value)
      }}
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.value || '*'}
          value={option.value}
          className={styles.chip}
          aria-label={option.label}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  )
}
CategoryChips.displayName = 'CategoryChips'
