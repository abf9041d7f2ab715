import { myDeposits } from '@gy/api'
import {
  Button,
  EmptyState,
  PageContainer,
  Pagination,
  SectionHeader,
  Spinner,
} from '@gy/design-system'
import { useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ZONE_TEXT as TEXT } from '../../strings.zone'
import { DepositTileContent } from './DepositTile'
import { ListingBadge } from './depositStatus'
import { formatTime } from './format'
import * as styles from './zone.css'

const PAGE_SIZE = 12

/** /musiciansZone/certificateDeposit: one's deposits, each opening its certificate. */
export function CertificatesPage() {
  const { api } = useRuntime()
  const [page, setPage] = useState(1)
  const deposits = useApiData(
    `deposits:${page}`,
    () => myDeposits(api, { page, pageSize: PAGE_SIZE }),
    TEXT.loadFailed,
  )
  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader
          title={TEXT.certificatesTitle}
          level={1}
          action={
            <Button asChild>
              <Link to="/musiciansZone/copyrightDeposit">{TEXT.steps.deposit}</Link>
            </Button>
          }
        />
        {deposits.state === 'loading' ? (
          <Spinner size="lg" />
        ) : deposits.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={deposits.message}
            action={<Button onClick={deposits.retry}>{TEXT.retry}</Button>}
          />
        ) : deposits.data.total === 0 ? (
          <EmptyState
            title={TEXT.certificatesEmpty}
            hint={TEXT.certificatesEmptyHint}
            action={
              <Button asChild>
                <Link to="/musiciansZone/copyrightDeposit">{TEXT.steps.deposit}</Link>
              </Button>
            }
          />
        ) : (
          <>
            <ul className={styles.cards} aria-label={TEXT.certificatesTitle}>
              {deposits.data.records.map((record) => (
                <li key={record.depositId}>
                  <Link
                    className={styles.itemCard}
                    to={`/musiciansZone/certificateDeposit/certificateDetails?depositId=${record.depositId}`}
                  >
                    <DepositTileContent
                      coverUrl={record.coverUrl}
                      title={record.title}
                      lines={[record.certificateNo, formatTime(record.depositedAt)]}
                      badge={<ListingBadge listing={record.listing} />}
                    />
                  </Link>
                </li>
              ))}
            </ul>
            {deposits.data.total > PAGE_SIZE ? (
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={deposits.data.total}
                onPageChange={setPage}
              />
            ) : null}
          </>
        )}
      </div>
    </PageContainer>
  )
}
