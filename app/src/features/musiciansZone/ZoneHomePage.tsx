import { certificationStatus, myDeposits, myShelf } from '@gy/api'
import { Button, EmptyState, PageContainer, SectionHeader, Spinner } from '@gy/design-system'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { LICENCE_TEXT } from '../../strings.licence'
import { ZONE_TEXT as TEXT } from '../../strings.zone'
import { CertificationBadge } from './CertificationPage'
import { DepositTileContent } from './DepositTile'
import { ListingBadge } from './depositStatus'
import { formatTime } from './format'
import * as styles from './zone.css'

const LINKS = [
  { to: '/musiciansZone/copyrightDeposit', label: TEXT.links.deposit },
  { to: '/musiciansZone/certificateDeposit', label: TEXT.links.certificates },
  { to: '/musiciansZone/confirmedListing', label: TEXT.links.listing },
  { to: '/musiciansZone/workShelf', label: TEXT.links.shelf },
  { to: '/musiciansZone/musicianCertification', label: TEXT.links.certification },
  { to: '/musiciansZone/earnings', label: LICENCE_TEXT.zoneEarnings },
] as const

/** /musiciansZone: one's deposits, listings and certification at a glance, and what to do next. */
export function ZoneHomePage() {
  const { api } = useRuntime()
  const overview = useApiData(
    'zone:overview',
    () =>
      Promise.all([
        myDeposits(api, { page: 1, pageSize: 4 }),
        myShelf(api, { page: 1, pageSize: 50 }),
        certificationStatus(api),
      ]),
    TEXT.loadFailed,
  )

  if (overview.state === 'loading') {
    return (
      <PageContainer>
        <div className={styles.page}>
          <Spinner size="lg" />
        </div>
      </PageContainer>
    )
  }
  if (overview.state === 'failed') {
    return (
      <PageContainer>
        <EmptyState
          title={TEXT.loadFailed}
          hint={overview.message}
          action={<Button onClick={overview.retry}>{TEXT.retry}</Button>}
        />
      </PageContainer>
    )
  }
  const [deposits, shelf, certification] = overview.data
  const listedCount = shelf.records.filter((item) => item.status === 'listed').length
  const next =
    deposits.total === 0
      ? { text: TEXT.nextDeposit, to: '/musiciansZone/copyrightDeposit', label: TEXT.steps.deposit }
      : listedCount === 0
        ? { text: TEXT.nextList, to: '/musiciansZone/confirmedListing', label: TEXT.steps.list }
        : certification.status === 'none' || certification.status === 'rejected'
          ? {
              text: TEXT.nextCertify,
              to: '/musiciansZone/musicianCertification',
              label: TEXT.steps.certify,
            }
          : null

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.zoneTitle} subtitle={TEXT.zoneSubtitle} level={1} />
        <section className={styles.nextStep} aria-label={TEXT.nextStep}>
          <div>
            <p className={styles.muted}>{TEXT.nextStep}</p>
            <p className={styles.nextTitle}>{next?.text ?? TEXT.allDone}</p>
          </div>
          {next !== null ? (
            <Button asChild size="lg">
              <Link to={next.to}>{next.label}</Link>
            </Button>
          ) : null}
        </section>
        <div className={styles.stats}>
          <Link className={styles.stat} to="/musiciansZone/certificateDeposit">
            <span className={styles.muted}>{TEXT.counts.deposits}</span>
            <span className={styles.statValue}>{deposits.total}</span>
          </Link>
          <Link className={styles.stat} to="/musiciansZone/workShelf">
            <span className={styles.muted}>{TEXT.counts.listed}</span>
            <span className={styles.statValue}>{listedCount}</span>
          </Link>
          <Link className={styles.stat} to="/musiciansZone/musicianCertification">
            <span className={styles.muted}>{TEXT.counts.certification}</span>
            <span>
              <CertificationBadge status={certification.status} />
            </span>
          </Link>
        </div>
        <nav className={styles.row} aria-label={TEXT.zoneTitle}>
          {LINKS.map((link) => (
            <Button key={link.to} variant="secondary" asChild>
              <Link to={link.to}>{link.label}</Link>
            </Button>
          ))}
        </nav>
        {deposits.records.length > 0 ? (
          <section className={styles.form}>
            <SectionHeader title={TEXT.latestDeposits} />
            <ul className={styles.cards}>
              {deposits.records.map((record) => (
                <li key={record.depositId}>
                  <Link
                    className={styles.itemCard}
                    to={`/musiciansZone/certificateDeposit/certificateDetails?depositId=${record.depositId}`}
                  >
                    <DepositTileContent
                      coverUrl={record.coverUrl}
                      title={record.title}
                      lines={[formatTime(record.depositedAt)]}
                      badge={<ListingBadge listing={record.listing} />}
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </PageContainer>
  )
}
