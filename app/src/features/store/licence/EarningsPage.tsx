import { musicianEarnings } from '@gy/api'
import {
  Button,
  EmptyState,
  formatFen,
  PageContainer,
  Pagination,
  SectionHeader,
} from '@gy/design-system'
import { useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../../providers/runtime'
import { useApiData } from '../../../providers/useApiData'
import { LICENCE_TEXT as TEXT } from '../../../strings.licence'
import { EarningsTable } from './EarningsTable'
import * as styles from './MyLicencesPage.css'

const PAGE_SIZE = 10

/** /musiciansZone/earnings (收益明细): every licence sale, and what the musician kept in all. */
export function EarningsPage() {
  const { api } = useRuntime()
  const [page, setPage] = useState(1)
  const earnings = useApiData(
    `earnings:${page}`,
    () => musicianEarnings(api, { page, pageSize: PAGE_SIZE }),
    TEXT.earningsFailed,
  )
  const ready = earnings.state === 'ready' ? earnings.data : null
  const totals = ready?.totals ?? null

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader
          title={TEXT.earningsTitle}
          subtitle={ready === null ? undefined : TEXT.earningsSubtitle(ready.commissionPercent)}
          level={1}
        />
        {earnings.state === 'failed' ? (
          <EmptyState
            title={TEXT.earningsFailed}
            hint={earnings.message}
            action={<Button onClick={earnings.retry}>{TEXT.retry}</Button>}
          />
        ) : (
          <>
            <section className={styles.stats} aria-label={TEXT.totalsLabel}>
              {(
                [
                  ['sales', TEXT.totals.sales, String(totals?.sales ?? 0)],
                  ['gross', TEXT.totals.gross, formatFen(totals?.grossFen ?? 0)],
                  ['commission', TEXT.totals.commission, formatFen(totals?.commissionFen ?? 0)],
                  ['net', TEXT.totals.net, formatFen(totals?.netFen ?? 0)],
                ] as const
              ).map(([key, label, value]) => (
                <div key={key} className={styles.stat}>
                  <span className={styles.statLabel}>{label}</span>
                  <span className={key === 'net' ? styles.statAccent : styles.statValue}>
                    {value}
                  </span>
                </div>
              ))}
            </section>
            <EarningsTable
              records={ready?.records ?? []}
              totals={totals}
              loading={earnings.state === 'loading'}
              empty={
                <EmptyState
                  title={TEXT.noEarnings}
                  hint={TEXT.noEarningsHint}
                  action={
                    <Button variant="secondary" asChild>
                      <Link to="/musiciansZone/confirmedListing">{TEXT.goListing}</Link>
                    </Button>
                  }
                />
              }
            />
            {ready !== null && ready.total > PAGE_SIZE ? (
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={ready.total}
                onPageChange={setPage}
              />
            ) : null}
          </>
        )}
      </div>
    </PageContainer>
  )
}
