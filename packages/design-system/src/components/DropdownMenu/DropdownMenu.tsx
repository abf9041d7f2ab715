import { clsx } from 'clsx'
import { DropdownMenu as RadixDropdownMenu } from 'radix-ui'
import type { ComponentPropsWithRef } from 'react'
import * as styles from './DropdownMenu.css'

/**
 * A menu that opens from a trigger (Radix DropdownMenu: arrow keys, type-ahead, Esc, focus return).
 * Parts: Root, Trigger (use `asChild` around your button), Content, Item, ItemHint, Label,
 * Separator, Group.
 */

export type DropdownMenuRootProps = ComponentPropsWithRef<typeof RadixDropdownMenu.Root>

export function Root(props: DropdownMenuRootProps) {
  return <RadixDropdownMenu.Root {...props} />
}
Root.displayName = 'DropdownMenu.Root'

export type DropdownMenuTriggerProps = ComponentPropsWithRef<typeof RadixDropdownMenu.Trigger>

export function Trigger(props: DropdownMenuTriggerProps) {
  return <RadixDropdownMenu.Trigger {...props} />
}
Trigger.displayName = 'DropdownMenu.Trigger'

export type DropdownMenuContentProps = ComponentPropsWithRef<typeof RadixDropdownMenu.Content>

export function Content({ className, align = 'end', ...props }: DropdownMenuContentProps) {
  return (
    <RadixDropdownMenu.Portal>
      <RadixDropdownMenu.Content
        className={clsx(styles.content, className)}
        align={align}
        {...props}
      />
    </RadixDropdownMenu.Portal>
  )
}
Content.displayName = 'DropdownMenu.Content'

export const dropdownMenuItemTones = ['default', 'danger'] as const
export type DropdownMenuItemTone = (typeof dropdownMenuItemTones)[number]

export interface DropdownMenuItemProps extends ComponentPropsWithRef<
  typeof RadixDropdownMenu.Item
> {
  /** `danger` for destructive items such as 退出登录. */
  tone?: DropdownMenuItemTone
}

export function Item({ className, tone = 'default', ...props }: DropdownMenuItemProps) {
  return (
    <RadixDropdownMenu.Item className={clsx(styles.item, className)} data-tone={tone} {...props} />
  )
}
Item.displayName = 'DropdownMenu.Item'

export type DropdownMenuItemHintProps = ComponentPropsWithRef<'span'>

/** Quiet text at the end of an item (a count, a balance); read as part of the item's name. */
export function ItemHint({ className, ...props }: DropdownMenuItemHintProps) {
  return <span className={clsx(styles.itemHint, className)} {...props} />
}
ItemHint.displayName = 'DropdownMenu.ItemHint'

export type DropdownMenuLabelProps = ComponentPropsWithRef<typeof RadixDropdownMenu.Label>

export function Label({ className, ...props }: DropdownMenuLabelProps) {
  return <RadixDropdownMenu.Label className={clsx(styles.label, className)} {...props} />
}
Label.displayName = 'DropdownMenu.Label'

export type DropdownMenuSeparatorProps = ComponentPropsWithRef<typeof RadixDropdownMenu.Separator>

export function Separator({ className, ...props }: DropdownMenuSeparatorProps) {
  return <RadixDropdownMenu.Separator className={clsx(styles.separator, className)} {...props} />
}
Separator.displayName = 'DropdownMenu.Separator'

export type DropdownMenuGroupProps = ComponentPropsWithRef<typeof RadixDropdownMenu.Group>

export function Group(props: DropdownMenuGroupProps) {
  return <RadixDropdownMenu.Group {...props} />
}
Group.displayName = 'DropdownMenu.Group'
