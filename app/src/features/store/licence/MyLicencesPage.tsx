import { myLicences } from '@gy/api'
import {
  Button,
  EmptyState,
  formatFen,
  formatShanghaiDateTime,
  PageContainer,
  Pagination,
  SectionHeader,
  Spinner,
} from '@gy/design-system'
import { useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../../providers/runtime'
import { useApiData } from '../../../providers/useApiData'
import { LICENCE_TEXT as TEXT } from '../../../strings.licence'
import * as styles from './MyLicencesPage.css'
import { useLicenceDownloads } from './useLicenceDownloads'

const PAGE_SIZE = 10

/** /myLicences: the licences the user bought, each with its certificate and audio downloads. */
export function MyLicencesPage() {
  const { api } = useRuntime()
  const [page, setPage] = useState(1)
  const licences = useApiData(
    `my-licences:${page}`,
    () => myLicences(api, { page, pageSize: PAGE_SIZE }),
    TEXT.myLicencesFailed,
  )
  const { download, isBusy } = useLicenceDownloads()

  let body
  if (licences.state === 'loading') {
    body = (
      <div aria-busy="true">
        <Spinner size="lg" />
      </div>
    )
  } else if (licences.state === 'failed') {
    body = (
      <EmptyState
        title={TEXT.myLicencesFailed}
        hint={licences.message}
        action={<Button onClick={licences.retry}>{TEXT.retry}</Button>}
      />
    )
  } else if (licences.data.total === 0) {
    body = (
      <EmptyState
        title={TEXT.noLicences}
        hint={TEXT.noLicencesHint}
        action={
          <Button asChild>
            <Link to="/copyrightedMusic">{TEXT.browseMusic}</Link>
          </Button>
        }
      />
    )
  } else {
    body = (
      <>
        <ul className={styles.list}>
          {licences.data.records.map((licence) => (
            <li key={licence.licenceId} className={styles.item}>
              <div>
                <div className={styles.heading}>
                  <h2 className={styles.title}>{licence.title}</h2>
                  <span className={styles.badge}>{licence.licenceName}</span>
                  <span className={styles.artist}>{licence.artist}</span>
                </div>
                <dl className={styles.facts}>
                  <dt className={styles.factLabel}>{TEXT.licenceNo}</dt>
                  <dd className={styles.factValue}>{licence.licenceNo}</dd>
                  <dt className={styles.factLabel}>{TEXT.grantedAt}</dt>
                  <dd className={styles.factValue}>
                    {formatShanghaiDateTime(licence.grantedAt) ?? ''}
                  </dd>
                  <dt className={styles.factLabel}>{TEXT.price}</dt>
                  <dd className={styles.factValue}>{formatFen(licence.priceFen)}</dd>
                  <dt className={styles.factLabel}>{TEXT.orderId}</dt>
                  <dd className={styles.factValue}>{licence.orderId}</dd>
                </dl>
                <details className={styles.terms}>
                  <summary className={styles.summaryToggle}>{TEXT.showTerms}</summary>
                  <ul className={styles.termList}>
                    {licence.terms.map((term) => (
                      <li key={term}>{term}</li>
                    ))}
                  </ul>
                </details>
              </div>
              <div className={styles.actions}>
                <Button
                  onClick={() => void download(licence.licenceId, 'certificate')}
                  loading={isBusy(licence.licenceId, 'certificate')}
                >
                  {TEXT.downloadCertificate}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => void download(licence.licenceId, 'audio')}
                  loading={isBusy(licence.licenceId, 'audio')}
                >
                  {TEXT.downloadAudio}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {licences.data.total > PAGE_SIZE ? (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={licences.data.total}
            onPageChange={setPage}
          />
        ) : null}
      </>
    )
  }

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.myLicencesTitle} subtitle={TEXT.myLicencesSubtitle} level={1} />
        {body}
      </div>
    </PageContainer>
  )
}
