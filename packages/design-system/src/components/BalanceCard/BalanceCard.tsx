import { clsx } from 'clsx'
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react'
import { formatPoints } from '../private/pointsFormat'
import * as styles from './BalanceCard.css'
import { balanceCardStrings } from '../../strings'

export interface BalanceCardProps extends Omit<ComponentPropsWithRef<'section'>, 'title'> {
  /** The balance as an integer number of points. */
  points: number
  /** Shows a placeholder instead of the number while the balance is being fetched. */
  loading?: boolean
  /** The exchange rate, already worded, e.g. "1 元 = 10 积分". */
  rateText?: ReactNode
  /** A button or link beside the balance, e.g. 积分明细. */
  action?: ReactNode
  title?: ReactNode
  unit?: ReactNode
  /** Read to screen readers while loading. */
  loadingLabel?: string
}

/** The user's points balance: large, tabular digits, the unit and the exchange rate. */
export function BalanceCard({
  points,
  loading = false,
  rateText,
  action,
  title = balanceCardStrings.title,
  unit = balanceCardStrings.unit,
  loadingLabel = balanceCardStrings.loading,
  className,
  ...props
}: BalanceCardProps) {
  const titleId = useId()
  return (
    <section
      className={clsx(styles.card, className)}
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      {...props}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p className={styles.balance}>
          {loading ? (
            <>
              <span className={styles.amountSkeleton} aria-hidden="true">
                {'\u00a0'}
              </span>
              <span className={styles.visuallyHidden}>{loadingLabel}</span>
            </>
          ) : (
            <span className={styles.amount}>{formatPoints(points)}</span>
          )}
          <span className={styles.unit}>{unit}</span>
        </p>
        {rateText ? <p className={styles.rate}>{rateText}</p> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  )
}
BalanceCard.displayName = 'BalanceCard'
