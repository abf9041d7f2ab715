import { clsx } from 'clsx'
import { Dialog as RadixDialog } from 'radix-ui'
import type { ComponentPropsWithRef } from 'react'
import { strings } from '../../strings'
import { CloseIcon } from '../private/icons'
import * as styles from './Dialog.css'

/**
 * A modal dialog built on Radix Dialog: focus trap, Esc to close, `role="dialog"`, scroll lock.
 * Use the parts together:
 * `<Dialog.Root open onOpenChange><Dialog.Content size="confirm"><Dialog.Title/>…</Dialog.Content></Dialog.Root>`.
 */

export const dialogSizes = ['login', 'lyric', 'confirm'] as const
export type DialogSize = (typeof dialogSizes)[number]

export type DialogRootProps = ComponentPropsWithRef<typeof RadixDialog.Root>

export function Root(props: DialogRootProps) {
  return <RadixDialog.Root {...props} />
}
Root.displayName = 'Dialog.Root'

export type DialogTriggerProps = ComponentPropsWithRef<typeof RadixDialog.Trigger>

export function Trigger(props: DialogTriggerProps) {
  return <RadixDialog.Trigger {...props} />
}
Trigger.displayName = 'Dialog.Trigger'

export interface DialogContentProps extends ComponentPropsWithRef<typeof RadixDialog.Content> {
  /** login 1100px, lyric 576px, confirm ≈420px; every size shrinks to fit small screens. */
  size?: DialogSize
  /** The × in the corner; hide it when the dialog has its own way out. */
  showCloseButton?: boolean
  closeLabel?: string
  /** Render into this element instead of `document.body`. */
  container?: HTMLElement | null
}

export function Content({
  size = 'confirm',
  showCloseButton = true,
  closeLabel = strings.close,
  container,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <RadixDialog.Portal container={container}>
      <RadixDialog.Overlay className={styles.overlay} />
      <RadixDialog.Content className={clsx(styles.content({ size }), className)} {...props}>
        {children}
        {showCloseButton ? (
          <RadixDialog.Close className={styles.closeButton} aria-label={closeLabel}>
            <CloseIcon />
          </RadixDialog.Close>
        ) : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  )
}
Content.displayName = 'Dialog.Content'

export type DialogTitleProps = ComponentPropsWithRef<typeof RadixDialog.Title>

export function Title({ className, ...props }: DialogTitleProps) {
  return <RadixDialog.Title className={clsx(styles.title, className)} {...props} />
}
Title.displayName = 'Dialog.Title'

export type DialogDescriptionProps = ComponentPropsWithRef<typeof RadixDialog.Description>

export function Description({ className, ...props }: DialogDescriptionProps) {
  return <RadixDialog.Description className={clsx(styles.description, className)} {...props} />
}
Description.displayName = 'Dialog.Description'

export type DialogCloseProps = ComponentPropsWithRef<typeof RadixDialog.Close>

/** Closes the dialog; with `asChild` it turns any button (e.g. our `Button`) into a close button. */
export function Close(props: DialogCloseProps) {
  return <RadixDialog.Close {...props} />
}
Close.displayName = 'Dialog.Close'
