import { AlertDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { strings } from '../../strings'
import { Button } from '../Button/Button'
import * as dialogStyles from '../Dialog/Dialog.css'
import * as styles from './ConfirmDialog.css'

export interface ConfirmDialogProps {
  open: boolean
  /** Defaults to 系统提示. */
  title?: ReactNode
  message: ReactNode
  /** Defaults to 确定. */
  confirmLabel?: ReactNode
  /** Defaults to 取消. */
  cancelLabel?: ReactNode
  /** Called by the confirm button. The dialog stays open until `open` turns false. */
  onConfirm: () => void
  /** Called by the cancel button and by Esc. */
  onCancel: () => void
  /** Disables the buttons and shows a spinner on confirm while its work runs. */
  confirming?: boolean
}

/**
 * A yes/no question (Radix AlertDialog: focus starts on cancel, Esc cancels, clicking outside does
 * nothing). Fully controlled: each way out reports exactly one callback and the owner closes it.
 */
export function ConfirmDialog({
  open,
  title = strings.systemNotice,
  message,
  confirmLabel = strings.confirm,
  cancelLabel = strings.cancel,
  onConfirm,
  onCancel,
  confirming = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(nextOpen) => {
        if (!nextOpen) onCancel()
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogStyles.overlay} />
        <AlertDialog.Content className={dialogStyles.content({ size: 'confirm' })}>
          <div className={styles.body}>
            <AlertDialog.Title className={dialogStyles.title}>{title}</AlertDialog.Title>
            <AlertDialog.Description className={styles.message}>{message}</AlertDialog.Description>
            <div className={styles.actions}>
              <AlertDialog.Cancel asChild>
                <Button
                  variant="secondary"
                  disabled={confirming}
                  onClick={(event) => {
                    // The owner decides when to close; without this Radix would also report a close.
                    event.preventDefault()
                    onCancel()
                  }}
                >
                  {cancelLabel}
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button
                  loading={confirming}
                  onClick={(event) => {
                    event.preventDefault()
                    onConfirm()
                  }}
                >
                  {confirmLabel}
                </Button>
              </AlertDialog.Action>
            </div>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
ConfirmDialog.displayName = 'ConfirmDialog'
