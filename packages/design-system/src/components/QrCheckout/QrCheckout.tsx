import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { Button } from '../Button/Button'
import { ErrorIcon, InfoIcon, SuccessIcon } from '../private/icons'
import { formatFen, formatPoints } from '../private/pointsFormat'
import * as outcome from '../private/checkoutOutcome.css'
import { PaidPoints } from '../private/PaidPoints'
import * as styles from './QrCheckout.css'
import { QrCode } from './QrCode'
import { qrCheckoutStrings as text } from '../../strings'

/** The states of a shown QR checkout: the checkout machine's, from the moment there is a code. */
export const qrCheckoutStates = [
  'waiting',
  'paid',
  'closed',
  'expired',
  'cancelled',
  'failed',
] as const
export type QrCheckoutState = (typeof qrCheckoutStates)[number]

/** How each state is told: good news, bad news, or neither (nothing went wrong, nothing paid). */
const tones = {
  waiting: null,
  paid: 'success',
  closed: 'neutral',
  expired: 'neutral',
  cancelled: 'neutral',
  failed: 'danger',
} as const satisfies Record<QrCheckoutState, 'success' | 'danger' | 'neutral' | null>

/** 1799 → "29:59"; one hour or more → "1:00:00". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const rest = String(seconds % 60).padStart(2, '0')
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}`
    : `${String(minutes).padStart(2, '0')}:${rest}`
}

export interface QrCheckoutProps extends Omit<ComponentPropsWithRef<'section'>, 'title'> {
  state: QrCheckoutState
  /** What the code carries (the provider's `code_url`). */
  codeUrl: string
  /** What the order costs, in integer fen. */
  amountFen: number
  /** Points the order adds; left out for an order that buys something else (a licence). */
  points?: number
  orderId?: string
  /** Seconds until the code expires; null while unknown. */
  remainingSeconds: number | null
  /** The balance after the points arrived; shown once paid. */
  newBalance?: number
  /** The hint under the code; 用微信扫码支付 by default. */
  hint?: ReactNode
  /** Replaces the state's default description, e.g. the server's reason for a failure. */
  message?: ReactNode
  /** Offered while waiting, as 取消支付. */
  onCancel?: () => void
  /** Offered once expired, closed, cancelled or failed: a new order (重新下单, 重新支付, 重试). */
  onRetry?: () => void
  /** Offered once the checkout is over, as 完成 (paid) or 返回. */
  onClose?: () => void
}

/**
 * A QR checkout (WeChat Pay's Native payment): the code with the amount, a live countdown to the
 * order's expiry and the hint to scan it. Once it can no longer be paid the code greys out under
 * the outcome; a cancellation is told calmly, only a real failure in red.
 */
export function QrCheckout({
  state,
  codeUrl,
  amountFen,
  points,
  orderId,
  remainingSeconds,
  newBalance,
  hint = text.hint,
  message,
  onCancel,
  onRetry,
  onClose,
  className,
  ...props
}: QrCheckoutProps) {
  const tone = tones[state]
  const description = message ?? text.descriptions[state]
  return (
    <section
      className={clsx(styles.root, className)}
      aria-label={text.regionLabel}
      data-state={state}
      {...props}
    >
      <div className={styles.header}>
        <p className={styles.amountLabel}>{text.amount}</p>
        <p className={styles.amount}>{formatFen(amountFen)}</p>
        {points === undefined ? null : (
          <p className={styles.points}>
            {formatPoints(points)} {text.pointsUnit}
          </p>
        )}
      </div>

      <div className={styles.codeFrame} data-state={state}>
        {codeUrl === '' ? null : <QrCode value={codeUrl} className={styles.codeImage} />}
        {tone === null ? null : (
          <div className={styles.codeCover}>
            <span className={clsx(styles.coverIcon, outcome.tone[tone])} aria-hidden="true">
              {tone === 'success' ? (
                <SuccessIcon />
              ) : tone === 'danger' ? (
                <ErrorIcon />
              ) : (
                <InfoIcon />
              )}
            </span>
          </div>
        )}
      </div>

      {state === 'waiting' ? (
        <p className={styles.countdown} aria-live="off">
          {text.countdown}
          <span className={styles.countdownTime} role="timer">
            {remainingSeconds === null ? '--:--' : formatCountdown(remainingSeconds)}
          </span>
        </p>
      ) : null}

      {/* Only the outcome is announced, not every second of the countdown. */}
      <div className={styles.status} aria-live="polite">
        {state === 'waiting' ? (
          <p className={styles.hint}>{hint}</p>
        ) : (
          <p className={clsx(outcome.title, tone === null ? undefined : outcome.tone[tone])}>
            {text.titles[state]}
          </p>
        )}
        {state === 'paid' ? (
          <PaidPoints
            points={points}
            newBalance={newBalance}
            unit={text.pointsUnit}
            newBalanceLabel={text.newBalance}
          />
        ) : null}
        <p className={state === 'failed' ? outcome.errorDescription : outcome.description}>
          {description}
        </p>
        {orderId ? (
          <p className={styles.orderId}>
            {text.orderId} {orderId}
          </p>
        ) : null}
      </div>

      <QrCheckoutActions state={state} onCancel={onCancel} onRetry={onRetry} onClose={onClose} />
    </section>
  )
}
QrCheckout.displayName = 'QrCheckout'

const retryLabels = {
  expired: text.newOrder,
  closed: text.newOrder,
  cancelled: text.payAgain,
  failed: text.retry,
} as const

function QrCheckoutActions({
  state,
  onCancel,
  onRetry,
  onClose,
}: Pick<QrCheckoutProps, 'state' | 'onCancel' | 'onRetry' | 'onClose'>) {
  const buttons: ReactNode[] = []
  if (state === 'waiting') {
    if (onCancel) {
      buttons.push(
        <Button key="cancel" variant="secondary" onClick={onCancel}>
          {text.cancel}
        </Button>,
      )
    }
  } else if (state === 'paid') {
    if (onClose) {
      buttons.push(
        <Button key="done" onClick={onClose}>
          {text.done}
        </Button>,
      )
    }
  } else {
    if (onRetry) {
      buttons.push(
        <Button key="retry" onClick={onRetry}>
          {retryLabels[state]}
        </Button>,
      )
    }
    if (onClose) {
      buttons.push(
        <Button key="back" variant="secondary" onClick={onClose}>
          {text.back}
        </Button>,
      )
    }
  }
  if (buttons.length === 0) return null
  return <div className={outcome.actions}>{buttons}</div>
}
QrCheckoutActions.displayName = 'QrCheckoutActions'
