import type { EarningRecord, EarningTotals } from '@gy/api'
import { formatFen, formatShanghaiDateTime, Spinner } from '@gy/design-system'
import type { ReactNode } from 'react'
import { LICENCE_TEXT as TEXT } from '../../../strings.licence'
import * as styles from './EarningsTable.css'

export interface EarningsTableProps {
  records: readonly EarningRecord[]
  /** Sums over every sale, not only this page; shown as the table's last row. */
  totals: EarningTotals | null
  loading?: boolean
  /** Shown instead of the rows when there are none. */
  empty?: ReactNode
}

/**
 * The musician's sales, one row each: when, which work and licence, what the buyer paid, the
 * platform's commission and what the musician keeps, with the totals underneath.
 */
export function EarningsTable({ records, totals, loading = false, empty }: EarningsTableProps) {
  const columns = TEXT.columns
  return (
    <div className={styles.wrapper} aria-busy={loading}>
      <table className={styles.table} aria-label={TEXT.tableLabel}>
        <thead>
          <tr>
            <th scope="col" className={`${styles.headCell} ${styles.wideOnly}`}>
              {columns.time}
            </th>
            <th scope="col" className={styles.headCell}>
              {columns.work}
            </th>
            <th scope="col" className={`${styles.headCell} ${styles.wideOnly}`}>
              {columns.licence}
            </th>
            <th scope="col" className={`${styles.headCell} ${styles.money}`}>
              {columns.gross}
            </th>
            <th scope="col" className={`${styles.headCell} ${styles.money}`}>
              {columns.commission}
            </th>
            <th scope="col" className={`${styles.headCell} ${styles.money}`}>
              {columns.net}
            </th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={6} className={styles.empty}>
                <Spinner />
              </td>
            </tr>
          ) : records.length === 0 ? (
            <tr>
              <td colSpan={6} className={styles.empty}>
                {empty}
              </td>
            </tr>
          ) : (
            records.map((record) => {
              const time = formatShanghaiDateTime(record.createdAt) ?? ''
              return (
                <tr key={record.id}>
                  <td className={`${styles.cell} ${styles.time} ${styles.wideOnly}`}>{time}</td>
                  <td className={`${styles.cell} ${styles.work}`}>
                    {record.title}
                    <span className={styles.narrowDetail}>
                      {record.licenceName} · {time}
                    </span>
                  </td>
                  <td className={`${styles.cell} ${styles.wideOnly}`}>{record.licenceName}</td>
                  <td className={`${styles.cell} ${styles.money}`}>{formatFen(record.grossFen)}</td>
                  <td className={`${styles.cell} ${styles.commission}`}>
                    -{formatFen(record.commissionFen)}
                  </td>
                  <td className={`${styles.cell} ${styles.net}`}>{formatFen(record.netFen)}</td>
                </tr>
              )
            })
          )}
        </tbody>
        {totals !== null && totals.sales > 0 ? (
          <tfoot>
            <tr>
              <th scope="row" className={`${styles.footCell} ${styles.wideOnly}`}>
                {TEXT.totalsLabel}
              </th>
              <td className={styles.footCell}>
                {TEXT.totals.sales} {totals.sales}
              </td>
              <td className={`${styles.footCell} ${styles.wideOnly}`} />
              <td className={`${styles.footCell} ${styles.money}`}>{formatFen(totals.grossFen)}</td>
              <td className={`${styles.footCell} ${styles.commission}`}>
                -{formatFen(totals.commissionFen)}
              </td>
              <td className={`${styles.footCell} ${styles.net}`}>{formatFen(totals.netFen)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  )
}
EarningsTable.displayName = 'EarningsTable'
