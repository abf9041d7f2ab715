import { clsx } from 'clsx'
import { Toast as RadixToast } from 'radix-ui'
import type { ReactNode } from 'react'
import { strings } from '../../strings'
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../private/icons'
import * as styles from './Toast.css'

export const toastKinds = ['success', 'error', 'warning', 'info'] as const
export type ToastKind = (typeof toastKinds)[number]

export type ToastId = string | number

export interface ToastItem<Id extends ToastId = ToastId> {
  id: Id
  kind: ToastKind
  message: string
}

/** How long a toast stays before it dismisses itself (paused while hovered or focused). */
export const TOAST_DURATION_MS = 3000

const kindIcons: Record<ToastKind, ReactNode> = {
  success: <SuccessIcon />,
  error: <ErrorIcon />,
  warning: <WarningIcon />,
  info: <InfoIcon />,
}

export interface ToastListProps<Id extends ToastId> {
  /** The toasts to show, oldest first. The app owns this list. */
  toasts: ReadonlyArray<ToastItem<Id>>
  /** Called once per toast: when its time is up, when closed, or when swiped away. */
  onDismiss: (id: Id) => void
  duration?: number
  /** Names the notification region for screen readers (F8 focuses it). */
  label?: string
  closeLabel?: string
}

/**
 * The app's toasts (Radix Toast): messages at the top centre that leave by themselves. Errors are
 * announced assertively, everything else politely. A view only: the app owns the list.
 */
export function ToastList<Id extends ToastId>({
  toasts,
  onDismiss,
  duration = TOAST_DURATION_MS,
  label = strings.toastRegion,
  closeLabel = strings.close,
}: ToastListProps<Id>) {
  return (
    <RadixToast.Provider duration={duration} label={label} swipeDirection="right">
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          className={styles.toast}
          open
          onOpenChange={(open) => {
            if (!open) onDismiss(toast.id)
          }}
          type={toast.kind === 'error' ? 'foreground' : 'background'}
          data-kind={toast.kind}
        >
          <span className={clsx(styles.icon, styles.kind[toast.kind])}>
            {kindIcons[toast.kind]}
          </span>
          <RadixToast.Description className={styles.message}>
            <span className={styles.visuallyHidden}>{strings.toastKind[toast.kind]}：</span>
            {toast.message}
          </RadixToast.Description>
          <RadixToast.Close className={styles.close} aria-label={closeLabel}>
            <CloseIcon />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={styles.viewport} />
    </RadixToast.Provider>
  )
}
ToastList.displayName = 'ToastList'
