import { MESSAGES, depositDetails } from '@gy/api'
import {
  Button,
  CertificateCard,
  EmptyState,
  PageContainer,
  ProofView,
  Spinner,
} from '@gy/design-system'
import { Link, useSearchParams } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ZONE_TEXT as TEXT } from '../../strings.zone'
import { ListingBadge } from './depositStatus'
import { formatTime } from './format'
import * as styles from './zone.css'

/** /musiciansZone/certificateDeposit/certificateDetails?depositId=: one certificate and its proof. */
export function CertificateDetailsPage() {
  const { api, toasts } = useRuntime()
  const [params] = useSearchParams()
  const depositId = params.get('depositId') ?? ''
  const record = useApiData(
    `deposit:${depositId}`,
    () => depositDetails(api, depositId),
    TEXT.certificateMissing,
  )

  async function copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text)
      toasts.show('success', MESSAGES.copySucceeded)
    } catch {
      toasts.show('error', MESSAGES.copyFailed)
    }
  }

  return (
    <PageContainer>
      <div className={styles.page}>
        {record.state === 'loading' ? (
          <Spinner size="lg" />
        ) : record.state === 'failed' ? (
          <EmptyState
            title={TEXT.certificateMissing}
            hint={record.message}
            action={
              <Button asChild>
                <Link to="/musiciansZone/certificateDeposit">{TEXT.certificatesTitle}</Link>
              </Button>
            }
          />
        ) : (
          <div className={styles.twoColumns}>
            <CertificateCard
              certificateNo={record.data.certificateNo}
              workTitle={record.data.title}
              owner={record.data.ownerName}
              depositedAt={formatTime(record.data.depositedAt)}
              sha256={record.data.sha256}
              logIndex={record.data.logIndex}
              checkpoint={record.data.checkpoint}
              badge={<ListingBadge listing={record.data.listing} />}
              actions={
                <>
                  <Button asChild>
                    <a
                      href={record.data.certificateUrl}
                      download={`${record.data.certificateNo}.pdf`}
                    >
                      {TEXT.downloadCertificate}
                    </a>
                  </Button>
                  <Button variant="secondary" asChild>
                    <a
                      href={`/verify?certificateNo=${encodeURIComponent(record.data.certificateNo)}`}
                    >
                      {TEXT.verifyPublicly}
                    </a>
                  </Button>
                  <Button variant="ghost" onClick={() => void copy(record.data.sha256)}>
                    {TEXT.copySha}
                  </Button>
                  {record.data.listing === null ? (
                    <Button variant="ghost" asChild>
                      <Link
                        to={`/musiciansZone/confirmedListing?depositId=${record.data.depositId}`}
                      >
                        {TEXT.goList}
                      </Link>
                    </Button>
                  ) : null}
                </>
              }
            />
            <div className={styles.panel}>
              <ProofView path={record.data.inclusionPath} />
            </div>
          </div>
        )}
      </div>
    </PageContainer>
  )
}
