import { clsx } from 'clsx'
import { ToggleGroup } from 'radix-ui'
import type { ReactNode } from 'react'
import * as styles from './SegmentedControl.css'

export interface SegmentedControlOption<Value extends string> {
  value: Value
  label: ReactNode
}

export interface SegmentedControlProps<Value extends string> {
  options: ReadonlyArray<SegmentedControlOption<Value>>
  value: Value
  onValueChange: (value: Value) => void
  /** Names the group for screen readers, e.g. 记录类型. */
  label: string
  disabled?: boolean
  className?: string
}

/**
 * One choice out of a few, shown as joined buttons (a filter such as 全部 / 充值 / 消费 / 退款).
 * Arrow keys move between options; Enter or Space picks one.
 */
export function SegmentedControl<Value extends string>({
  options,
  value,
  onValueChange,
  label,
  disabled = false,
  className,
}: SegmentedControlProps<Value>) {
  const handleValueChange = (next: string) => {
    // A toggle group lets the pressed item be pressed again to clear it; a filter always has a value.
    const option = options.find((candidate) => candidate.value === next)
    if (option && option.value !== value) onValueChange(option.value)
  }

  return (
    <ToggleGroup.Root
      type="single"
      className={clsx(styles.root, className)}
      value={value}
      onValueChange={handleValueChange}
      aria-label={label}
      disabled={disabled}
      loop
    >
      {options.map((option) => (
        <ToggleGroup.Item key={option.value} value={option.value} className={styles.item}>
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  )
}
SegmentedControl.displayName = 'SegmentedControl'
