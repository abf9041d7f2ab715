import { pointsLog, type PointsLedgerKind } from '@gy/api'
import {
  Button,
  EmptyState,
  PageContainer,
  Pagination,
  RecordsTable,
  SectionHeader,
  SegmentedControl,
} from '@gy/design-system'
import { useState } from 'react'
import { Link } from 'react-router'
import { useApiData } from '../../providers/useApiData'
import { useRuntime } from '../../providers/runtime'
import { POINTS_TEXT as TEXT } from '../../strings'
import * as styles from './points.css'

const PAGE_SIZE = 10
type Filter = 'all' | Exclude<PointsLedgerKind, 'grant'>

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: TEXT.kinds.all },
  { value: 'topup', label: TEXT.kinds.topup },
  { value: 'spend', label: TEXT.kinds.spend },
  { value: 'refund', label: TEXT.kinds.refund },
]

/** /pointsRecords: every movement of points, filtered by kind, a page at a time. */
export function PointsRecordsPage() {
  const { api } = useRuntime()
  const [filter, setFilter] = useState<Filter>('all')
  const [page, setPage] = useState(1)
  const log = useApiData(
    `log:${filter}:${page}`,
    () =>
      pointsLog(api, { page, pageSize: PAGE_SIZE, ...(filter === 'all' ? {} : { kind: filter }) }),

    TEXT.recordsFailed,
  )

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader
          title={TEXT.recordsTitle}
          level={1}
          action={
            <Button variant="secondary" asChild>
              <Link to="/buyPoints">{TEXT.buyMore}</Link>
            </Button>
          }
        />
        <SegmentedControl
          options={FILTERS}
          value={filter}
          onValueChange={(value) => {
            setFilter(value)
            setPage(1)
          }}
          label={TEXT.recordsFilter}
        />
        {log.state === 'failed' ? (
          <EmptyState
            title={TEXT.recordsFailed}
            hint={log.message}
            action={<Button onClick={log.retry}>{TEXT.retry}</Button>}
          />
        ) : (
          <>
            <RecordsTable
              records={log.state === 'ready' ? log.data.records : []}
              loading={log.state === 'loading'}
            />
            {log.state === 'ready' && log.data.total > PAGE_SIZE && (
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={log.data.total}
                onPageChange={setPage}
              />
            )}
          </>
        )}
      </div>
    </PageContainer>
  )
}
