import { MESSAGES, depositDetails, type AiCreationRecord } from '@gy/api'
import { AI_CREATION_TEXT, aiCreationLines } from '@gy/api/aiCreation'
import {
  AiLabel,
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

/**
 * A deposit of a work made with GY音乐 AI: its creation record (what the depositor asked for, the
 * seed, the engine and the time), the proof of their creative input the deposit keeps.
 */
function AiCreationPanel({ record }: { record: AiCreationRecord }) {
  const lines = aiCreationLines(record, { formatTime })
  return (
    <section className={styles.panel} aria-label={AI_CREATION_TEXT.heading}>
      <div className={styles.aiNote}>
        <p className={styles.aiNoteTitle}>
          <AiLabel size="medium" />
          {AI_CREATION_TEXT.madeWith}
        </p>
        <p className={styles.muted}>{TEXT.aiCreationHint}</p>
      </div>
      <h2 className={styles.sectionTitle}>{AI_CREATION_TEXT.heading}</h2>
      <dl className={styles.recordList}>
        {lines.map((line) => (
          <div key={line.label} className={styles.recordRow}>
            <dt className={styles.muted}>{line.label}</dt>
            <dd className={styles.recordValue}>{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
AiCreationPanel.displayName = 'AiCreationPanel'

/**
 * /musiciansZone/certificateDeposit/certificateDetails?depositId=: one certificate and its proof,
 * and for a work made with GY音乐 AI its creation record.
 */
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
            <div className={styles.form}>
              <CertificateCard
                certificateNo={record.data.certificateNo}
                workTitle={record.data.title}
                owner={record.data.ownerName}
                depositedAt={formatTime(record.data.depositedAt)}
                sha256={record.data.sha256}
                logIndex={record.data.logIndex}
                checkpoint={record.data.checkpoint}
                badge={
                  <span className={styles.badges}>
                    {record.data.aiCreation === null ? null : <AiLabel />}
                    <ListingBadge listing={record.data.listing} />
                  </span>
                }
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
              {record.data.aiCreation === null ? null : (
                <AiCreationPanel record={record.data.aiCreation} />
              )}
            </div>
            <div className={styles.panel}>
              <ProofView path={record.data.inclusionPath} />
            </div>
          </div>
        )}
      </div>
    </PageContainer>
  )
}
