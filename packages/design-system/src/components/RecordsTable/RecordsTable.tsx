import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { EmptyState } from '../EmptyState/EmptyState'
import { formatShanghaiDateTime } from '../../chinaFormat'
import { formatPoints, formatSignedPoints } from '../private/pointsFormat'
import * as styles from './RecordsTable.css'
import { recordsTableStrings } from '../../strings'

export const pointsRecordKinds = ['topup', 'spend', 'refund', 'grant'] as const
export type PointsRecordKind = (typeof pointsRecordKinds)[number]

export interface PointsRecord {
  id: string
  kind: PointsRecordKind
  /** What the movement was, e.g. 充值 100 积分 or AI 作曲. */
  title: string
  /** When it happened, as an ISO 8601 timestamp. */
  time: string
  /** Signed integer points: positive for top-ups and refunds, negative for spending. */
  amount: number
  /** The balance after this movement, in integer points. */
  balanceAfter: number
}

export interface RecordsTableProps extends ComponentPropsWithRef<'div'> {
  records: readonly PointsRecord[]
  /** Shows placeholder rows while the page is loading. */
  loading?: boolean
  /** How many placeholder rows to show while loading. */
  loadingRows?: number
  /** The empty state's title. */
  emptyText?: ReactNode
  /** A link or button under the empty state, e.g. 去充值. */
  emptyAction?: ReactNode
  /** Names the table for screen readers; not shown. */
  caption?: string
}

const columnKeys = ['time', 'kind', 'title', 'amount', 'balanceAfter'] as const

/** Every movement of points with time, kind, amount and the balance after it. */
export function RecordsTable({
  records,
  loading = false,
  loadingRows = 5,
  emptyText = recordsTableStrings.empty,
  emptyAction,
  caption = recordsTableStrings.caption,
  className,
  ...props
}: RecordsTableProps) {
  if (!loading && records.length === 0) {
    return (
      <div className={clsx(styles.root, className)} {...props}>
        <EmptyState title={emptyText} action={emptyAction} />
      </div>
    )
  }

  return (
    <div className={clsx(styles.root, styles.scroller, className)} {...props}>
      {/* Explicit roles: on phones the rows are laid out as grids, which drops implicit ones. */}
      <table className={styles.table} role="table" aria-busy={loading || undefined}>
        <caption className={styles.caption}>
          {caption}
          {loading ? `（${recordsTableStrings.loading}）` : null}
        </caption>
        <thead className={styles.head} role="rowgroup">
          <tr className={styles.headerRow} role="row">
            {columnKeys.map((key) => (
              <th
                key={key}
                scope="col"
                role="columnheader"
                className={clsx(styles.headerCell, styles.headerAlign[key])}
              >
                {recordsTableStrings.columns[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.body} role="rowgroup">
          {loading
            ? Array.from({ length: loadingRows }, (_, index) => (
                <tr key={index} className={styles.row} role="row" aria-hidden="true">
                  {columnKeys.map((key) => (
                    <td key={key} role="cell" className={clsx(styles.cell, styles.column[key])}>
                      <span className={clsx(styles.skeleton, styles.skeletonWidth[key])} />
                    </td>
                  ))}
                </tr>
              ))
            : records.map((record) => <RecordRow key={record.id} record={record} />)}
        </tbody>
      </table>
    </div>
  )
}
RecordsTable.displayName = 'RecordsTable'

function RecordRow({ record }: { record: PointsRecord }) {
  const time = formatShanghaiDateTime(record.time)
  const direction = record.amount > 0 ? 'gain' : record.amount < 0 ? 'loss' : 'none'
  return (
    <tr className={styles.row} role="row">
      <td role="cell" className={clsx(styles.cell, styles.column.time)}>
        {time ? <time dateTime={record.time}>{time}</time> : recordsTableStrings.unknownTime}
      </td>
      <td role="cell" className={clsx(styles.cell, styles.column.kind)}>
        <span className={clsx(styles.kindTag, styles.kindTone[record.kind])}>
          {recordsTableStrings.kinds[record.kind]}
        </span>
      </td>
      <td role="cell" className={clsx(styles.cell, styles.column.title)}>
        {record.title}
      </td>
      <td
        role="cell"
        className={clsx(styles.cell, styles.column.amount, styles.amountTone[direction])}
        data-direction={direction}
      >
        {formatSignedPoints(record.amount)}
      </td>
      <td role="cell" className={clsx(styles.cell, styles.column.balanceAfter)}>
        <span className={styles.inlineLabel}>{recordsTableStrings.columns.balanceAfter}</span>
        {formatPoints(record.balanceAfter)}
      </td>
    </tr>
  )
}
RecordRow.displayName = 'RecordRow'
