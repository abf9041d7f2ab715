import * as outcome from './checkoutOutcome.css'
import { formatPoints } from './pointsFormat'

export interface PaidPointsProps {
  points?: number
  /** The balance after the points arrived. */
  newBalance?: number
  unit: string
  newBalanceLabel: string
}

/** A paid checkout's news: +N 积分 in large type, then the balance now. */
export function PaidPoints({ points, newBalance, unit, newBalanceLabel }: PaidPointsProps) {
  return (
    <>
      {points === undefined ? null : (
        <p className={outcome.gained}>
          +{formatPoints(points)} {unit}
        </p>
      )}
      {newBalance === undefined ? null : (
        <p className={outcome.balance}>
          {newBalanceLabel}
          <span className={outcome.balanceNumber}>{formatPoints(newBalance)}</span>
          {unit}
        </p>
      )}
    </>
  )
}
PaidPoints.displayName = 'PaidPoints'
