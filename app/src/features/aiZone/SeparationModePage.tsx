import { type AiJob } from '@gy/api'
import { AI_JOB_COSTS, separateVoice } from '@gy/api/aiZone'
import {
  AiLabel,
  Button,
  FileDropZone,
  PageContainer,
  SectionHeader,
  StemPlayer,
} from '@gy/design-system'
import { type FormEvent } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { ACCEPT_ATTRIBUTE, useUpload } from '../../providers/useUpload'
import { AI_TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import type { SeparateField } from './forms'
import { JobSection } from './JobSection'
import { CostNote, FormAlert } from './parts'
import { useBalance } from './useBalance'
import { useJobSubmit } from './useJobSubmit'
import { stemsOf } from './results'
import { useRememberedJob } from './useRememberedJob'

const TEXT = AI_TEXT.separate
const FIELDS: readonly SeparateField[] = ['file']
/** The stems of a finished separation, played together, with the AI label. */
function Stems({ job }: { job: AiJob }) {
  const stems = stemsOf(job)
  if (stems.length === 0) return null
  return (
    <section className={styles.stack} aria-label={TEXT.stems}>
      <div className={styles.row}>
        <h3 className={styles.fieldLabel}>{TEXT.stems}</h3>
        <AiLabel />
      </div>
      <StemPlayer stems={stems} title={job.title} />
    </section>
  )
}
Stems.displayName = 'Stems'

/**
 * /aiCreationCenter/separationMode (人声分离): upload a song, split it into vocals and
 * accompaniment; the job below, and once done the two stems to play together or download.
 */
export function SeparationModePage() {
  const { api } = useRuntime()
  const upload = useUpload('audio', AI_TEXT.upload)
  const { balance, refresh } = useBalance()
  const remembered = useRememberedJob('separate')
  const form = useJobSubmit(FIELDS)
  const file = upload.upload.uploaded

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (file === undefined) {
      form.setErrors({ file: TEXT.fileRequired })
      return
    }
    const job = await form.submit(() => separateVoice(api, { fileId: file.fileId }))
    if (job !== null) {
      remembered.show(job)
      refresh()
    }
  }

  return (
    <PageContainer width="wide">
      <div className={styles.page}>
        <div className={styles.headerRow}>
          <SectionHeader title={TEXT.title} subtitle={TEXT.subtitle} level={1} />
          <Button variant="secondary" asChild>
            <Link to="/aiCreationCenter/createHistory">{AI_TEXT.center.history}</Link>
          </Button>
        </div>
        <form className={styles.workspace} onSubmit={(event) => void submit(event)} noValidate>
          <div className={styles.panel}>
            <FileDropZone
              label={TEXT.uploadLabel}
              hint={TEXT.uploadHint}
              accept={ACCEPT_ATTRIBUTE.audio}
              state={upload.upload.state}
              progress={upload.upload.progress}
              {...(upload.upload.fileName === undefined
                ? {}
                : { fileName: upload.upload.fileName })}
              error={upload.upload.error ?? form.errors.file}
              onFileChosen={(chosen) => {
                form.clearError('file')
                void upload.choose(chosen)
              }}
            />
          </div>
          <div className={styles.panel}>
            <CostNote cost={AI_JOB_COSTS.separate} balance={balance} />
            <FormAlert message={form.errors.form} pointsShort={form.pointsShort} />
            <div className={styles.submitRow}>
              <Button
                type="submit"
                size="lg"
                loading={form.submitting}
                loadingLabel={TEXT.submitting}
                disabled={form.submitting || upload.upload.state === 'uploading'}
              >
                {TEXT.submit}
              </Button>
            </div>
          </div>
        </form>
        <JobSection
          followed={remembered.followed}
          onJobChange={remembered.show}
          onSettled={refresh}
          renderDone={(job) => <Stems job={job} />}
        />
      </div>
    </PageContainer>
  )
}
SeparationModePage.displayName = 'SeparationModePage'
