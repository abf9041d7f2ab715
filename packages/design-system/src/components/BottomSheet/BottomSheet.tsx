import { clsx } from 'clsx'
import { Dialog as RadixDialog } from 'radix-ui'
import type { ComponentPropsWithRef } from 'react'
import { strings } from '../../strings'
import { CloseIcon } from '../private/icons'
import * as styles from './BottomSheet.css'

/**
 * A modal sheet that rises from the bottom edge: the phone's way to show a dialog. The same Radix
 * Dialog underneath (focus trap, Esc, `role="dialog"`, scroll lock), so `Root`, `Title`,
 * `Description` and `Close` are the Dialog's own parts:
 * `<BottomSheet.Root open onOpenChange><BottomSheet.Content><BottomSheet.Title/>…</BottomSheet.Content></BottomSheet.Root>`.
 */
export { Close, Description, Root, Title, Trigger } from '../Dialog/Dialog'

export interface BottomSheetContentProps extends ComponentPropsWithRef<typeof RadixDialog.Content> {
  showCloseButton?: boolean
  closeLabel?: string
  container?: HTMLElement | null
}

export function Content({
  showCloseButton = true,
  closeLabel = strings.close,
  container,
  className,
  children,
  ...props
}: BottomSheetContentProps) {
  return (
    <RadixDialog.Portal container={container}>
      <RadixDialog.Overlay className={styles.overlay} />
      <RadixDialog.Content className={clsx(styles.content, className)} {...props}>
        <span className={styles.handle} aria-hidden="true" />
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
Content.displayName = 'BottomSheet.Content'
