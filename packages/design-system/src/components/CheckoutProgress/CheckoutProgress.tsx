import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { Button } from '../Button/Button'
import { ErrorIcon, InfoIcon, SuccessIcon } from '../private/icons'
import { formatFen, formatPoints } from '../private/pointsFormat'
import { Spinner } from '../Spinner/Spinner'
import * as outcome from '../private/checkoutOutcome.css'
import { PaidPoints } from '../private/PaidPoints'
import * as styles from './CheckoutProgress.css'
import { checkoutProgressStrings as text } from '../../strings'

export const checkoutStates = [
  'idle',
  'creating',
  'waiting',
  'paid',
  'failed',
  'expired',
  'closed',
  'cancelled',
] as const
export type CheckoutState = (typeof checkoutStates)[number]

export const checkoutSteps = ['create', 'pay', 'credit'] as const
export type CheckoutStep = (typeof checkoutSteps)[number]

export type CheckoutStepState = 'complete' | 'current' | 'upcoming' | 'failed'

/**
 * Where each step stands in a checkout state. A failure before any order exists is the order
 * creation failing; once there is an order, it is the payment that failed or ran out of time.
 */
export function checkoutStepStates(
  state: CheckoutState,
  hasOrder: boolean,
): Record<CheckoutStep, CheckoutStepState> {
  switch (state) {
    case 'idle':
      return { create: 'upcoming', pay: 'upcoming', credit: 'upcoming' }
    case 'creating':
      return { create: 'current', pay: 'upcoming', credit: 'upcoming' }
    case 'waiting':
      return { create: 'complete', pay: 'current', credit: 'upcoming' }
    case 'paid':
      return { create: 'complete', pay: 'complete', credit: 'complete' }
    case 'failed':
      return hasOrder
        ? { create: 'complete', pay: 'failed', credit: 'upcoming' }
        : { create: 'failed', pay: 'upcoming', credit: 'upcoming' }
    case 'expired':
      return { create: 'complete', pay: 'failed', credit: 'upcoming' }
    // Nothing went wrong: the payer stopped, or the provider closed the order unpaid.
    case 'closed':
    case 'cancelled':
      return { create: 'complete', pay: 'upcoming', credit: 'upcoming' }
  }
}

export interface CheckoutProgressProps extends Omit<ComponentPropsWithRef<'section'>, 'title'> {
  state: CheckoutState
  orderId?: string
  /** What the order costs, in integer fen. */
  amountFen?: number
  /** Points the order adds. */
  points?: number
  /** The balance after the points arrived; shown on success. */
  newBalance?: number
  /** Replaces the state's default description, e.g. the server's reason for a failure. */
  message?: ReactNode
  /** Offered on failure and expiry (重试), closure (重新下单) and cancellation (重新支付). */
  onRetry?: () => void
  /** Offered as 关闭 (完成 on success). */
  onClose?: () => void
  /** Offered while waiting, for a checkout window the browser blocked or the user closed. */
  onOpenCheckout?: () => void
}

/** The top-up's progress: 创建订单 → 等待支付 → 到账, then the new balance or what went wrong. */
export function CheckoutProgress({
  state,
  orderId,
  amountFen,
  points,
  newBalance,
  message,
  onRetry,
  onClose,
  onOpenCheckout,
  className,
  ...props
}: CheckoutProgressProps) {
  const stepStates = checkoutStepStates(state, Boolean(orderId))
  const failedState = state === 'failed' || state === 'expired'
  const stoppedState = state === 'closed' || state === 'cancelled'
  const description = message ?? text.descriptions[state]

  const summary: Array<{ label: string; value: string }> = []
  if (orderId) summary.push({ label: text.orderId, value: orderId })
  if (amountFen !== undefined) summary.push({ label: text.amount, value: formatFen(amountFen) })
  if (points !== undefined && state !== 'paid') {
    summary.push({ label: text.points, value: `${formatPoints(points)} ${text.pointsUnit}` })
  }

  return (
    <section
      className={clsx(styles.root, className)}
      aria-label={text.regionLabel}
      aria-live="polite"
      data-state={state}
      {...props}
    >
      <ol className={styles.steps}>
        {checkoutSteps.map((step) => {
          const stepState = stepStates[step]
          return (
            <li
              key={step}
              className={styles.step}
              data-state={stepState}
              aria-current={stepState === 'current' ? 'step' : undefined}
            >
              <span className={styles.marker}>
                <StepMarker state={stepState} index={checkoutSteps.indexOf(step) + 1} />
              </span>
              <span className={styles.stepLabel}>
                {text.steps[step]}
                <span className={styles.visuallyHidden}>（{text.stepStatus[stepState]}）</span>
              </span>
            </li>
          )
        })}
      </ol>

      <div className={styles.status}>
        {state === 'paid' ? (
          <span className={clsx(styles.statusIcon, outcome.tone.success)} aria-hidden="true">
            <SuccessIcon />
          </span>
        ) : failedState ? (
          <span className={clsx(styles.statusIcon, outcome.tone.danger)} aria-hidden="true">
            <ErrorIcon />
          </span>
        ) : stoppedState ? (
          <span className={clsx(styles.statusIcon, outcome.tone.neutral)} aria-hidden="true">
            <InfoIcon />
          </span>
        ) : null}
        <p className={outcome.title}>{text.titles[state]}</p>
        {state === 'paid' ? (
          <PaidPoints
            points={points}
            newBalance={newBalance}
            unit={text.pointsUnit}
            newBalanceLabel={text.newBalance}
          />
        ) : null}
        <p className={failedState ? outcome.errorDescription : outcome.description}>
          {description}
        </p>
      </div>

      {summary.length > 0 ? (
        <dl className={styles.summary}>
          {summary.map((item) => (
            <div key={item.label} className={styles.summaryRow}>
              <dt className={styles.summaryLabel}>{item.label}</dt>
              <dd className={styles.summaryValue}>{item.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <CheckoutActions
        state={state}
        onRetry={onRetry}
        onClose={onClose}
        onOpenCheckout={onOpenCheckout}
      />
    </section>
  )
}
CheckoutProgress.displayName = 'CheckoutProgress'

function StepMarker({ state, index }: { state: CheckoutStepState; index: number }) {
  switch (state) {
    case 'current':
      return <Spinner size="sm" tone="accent" />
    case 'complete':
      return <SuccessIcon />
    case 'failed':
      return <ErrorIcon />
    case 'upcoming':
      return <span className={styles.stepNumber}>{index}</span>
  }
}
StepMarker.displayName = 'StepMarker'

const retryLabels: Record<CheckoutState, string | null> = {
  idle: null,
  creating: null,
  waiting: null,
  paid: null,
  failed: text.retry,
  expired: text.retry,
  closed: text.newOrder,
  cancelled: text.payAgain,
}

function CheckoutActions({
  state,
  onRetry,
  onClose,
  onOpenCheckout,
}: Pick<CheckoutProgressProps, 'state' | 'onRetry' | 'onClose' | 'onOpenCheckout'>) {
  const buttons: ReactNode[] = []
  if (state === 'waiting' && onOpenCheckout) {
    buttons.push(
      <Button key="open" onClick={onOpenCheckout}>
        {text.openCheckout}
      </Button>,
    )
  }
  const retryLabel = retryLabels[state]
  if (retryLabel !== null && onRetry) {
    buttons.push(
      <Button key="retry" onClick={onRetry}>
        {retryLabel}
      </Button>,
    )
  }
  if (onClose && state !== 'idle') {
    buttons.push(
      <Button key="close" variant={state === 'paid' ? 'primary' : 'secondary'} onClick={onClose}>
        {state === 'paid' ? text.done : text.close}
      </Button>,
    )
  }
  if (buttons.length === 0) return null
  return <div className={outcome.actions}>{buttons}</div>
}
CheckoutActions.displayName = 'CheckoutActions'
