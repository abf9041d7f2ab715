import { clsx } from 'clsx'
import { DropdownMenu as RadixDropdownMenu } from 'radix-ui'
import { Content } from '../DropdownMenu/DropdownMenu'
import { itemHint } from '../DropdownMenu/DropdownMenu.css'
import { ChevronDownIcon } from '../private/icons'
import * as styles from './SortMenu.css'

export interface SortOption<Value extends string> {
  value: Value
  label: string
}

export interface SortMenuProps<Value extends string> {
  options: readonly SortOption<Value>[]
  value: Value
  onValueChange: (value: Value) => void
  /** What is sorted, e.g. 排序: read before the current choice on the trigger. */
  label: string
  className?: string
}

/**
 * A button showing the current order that opens the list of orders (Radix DropdownMenu radio
 * items: arrow keys, type-ahead, Esc, focus back on the button). The picked one is checked.
 */
export function SortMenu<Value extends string>({
  options,
  value,
  onValueChange,
  label,
  className,
}: SortMenuProps<Value>) {
  const current = options.find((option) => option.value === value)
  return (
    <RadixDropdownMenu.Root>
      <RadixDropdownMenu.Trigger className={clsx(styles.trigger, className)}>
        <span className={styles.triggerLabel}>{label}</span>
        <span>{current?.label}</span>
        <ChevronDownIcon className={styles.chevron} />
      </RadixDropdownMenu.Trigger>
      <Content>
        <RadixDropdownMenu.RadioGroup
          value={value}
          onValueChange={(next) => {
            const option = options.find((candidate) => candidate.value === next)
            if (option) onValueChange(option.value)
          }}
        >
          {options.map((option) => (
            <RadixDropdownMenu.RadioItem
              key={option.value}
              value={option.value}
              className={styles.item}
            >
              {option.label}
              <RadixDropdownMenu.ItemIndicator className={clsx(itemHint, styles.check)}>
                ✓
              </RadixDropdownMenu.ItemIndicator>
            </RadixDropdownMenu.RadioItem>
          ))}
        </RadixDropdownMenu.RadioGroup>
      </Content>
    </RadixDropdownMenu.Root>
  )
}
SortMenu.displayName = 'SortMenu'
