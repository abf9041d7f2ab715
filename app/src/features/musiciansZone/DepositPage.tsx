import {
  DEPOSIT_GENRE_MAX,
  DEPOSIT_LYRIC_MAX,
  DEPOSIT_TITLE_MAX,
  depositWork,
  type Deposit,
  type UploadedFile,
} from '@gy/api'
import { aiJobDetails, keepAiResult } from '@gy/api/aiZone'
import {
  AiLabel,
  Button,
  FileDropZone,
  type FileDropZoneState,
  PageContainer,
  SectionHeader,
  Stepper,
  TextField,
} from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ZONE_TEXT as TEXT } from '../../strings.zone'
import { isRefusal, lrcLines, plainLyric } from './format'
import { ACCEPT_ATTRIBUTE, useUpload } from '../../providers/useUpload'
import * as styles from './zone.css'

type FieldErrors = Partial<Record<'audio' | 'title' | 'genre' | 'lyric' | 'form', string>>

/** Which field a refusal of the server is about, by its words. */
function fieldOf(message: string): keyof FieldErrors {
  if (message.includes('名称')) return 'title'
  if (message.includes('风格')) return 'genre'
  if (message.includes('歌词')) return 'lyric'
  if (message.includes('音频') || message.includes('文件')) return 'audio'
  return 'form'
}

/** A generated work kept as the user's audio, with what the form starts from. */
interface KeptWork {
  file: UploadedFile
  title: string
  lyric: string
}

/**
 * The AI result the address names (`?aiJobId=…&aiResultId=…`, from 存证 in the AI creation zone),
 * filed as the user's own audio: `musicfy/keepResult` answers the same file every time, so a
 * reload finds it again. Null when the address names none. `onKept` hears the work once it is
 * filed, to fill in the form.
 */
function useKeptWork(onKept: (work: KeptWork) => void) {
  const { api } = useRuntime()
  const [params, setParams] = useSearchParams()
  const jobId = params.get('aiJobId')
  const resultId = params.get('aiResultId')
  const named = jobId !== null && resultId !== null
  const kept = useApiData<KeptWork | null>(
    `deposit:ai:${jobId ?? ''}:${resultId ?? ''}`,
    async () => {
      if (!named) return null
      const [file, job] = await Promise.all([
        keepAiResult(api, jobId, resultId),
        aiJobDetails(api, jobId),
      ])
      const result = job.results.find((item) => item.id === resultId)
      const work = {
        file,
        title: (result?.name ?? '').slice(0, DEPOSIT_TITLE_MAX),
        lyric: plainLyric(result?.lyric ?? '').slice(0, DEPOSIT_LYRIC_MAX),
      }
      onKept(work)
      return work
    },
    TEXT.loadFailed,
  )
  /** Forgets the AI work: the user chose another file, or starts over. */
  const drop = () => setParams({}, { replace: true })
  return { named, kept, drop }
}

/**
 * /musiciansZone/copyrightDeposit: upload a work, describe it, deposit it. Opened from 存证 in the
 * AI creation zone it starts with the generated work chosen, its title and lyric filled in, and
 * says that the work's creation record goes with the deposit.
 */
export function DepositPage() {
  const { api, toasts } = useRuntime()
  const [title, setTitle] = useState('')
  const [genre, setGenre] = useState('')
  const [lyric, setLyric] = useState('')
  // The form starts from the AI work once it is filed (the user may change both afterwards).
  const ai = useKeptWork((work) => {
    setTitle((current) => (current === '' ? work.title : current))
    setLyric((current) => (current === '' ? work.lyric : current))
  })
  const keptWork = ai.named && ai.kept.state === 'ready' ? ai.kept.data : null
  const audio = useUpload('audio', TEXT)
  const cover = useUpload('image', TEXT)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [deposited, setDeposited] = useState<Deposit | null>(null)

  const audioFile = keptWork?.file ?? audio.upload.uploaded
  // The audio field shows the AI work while the address names one, else the user's upload.
  const audioField: {
    state: FileDropZoneState
    progress: number
    fileName?: string
  } = !ai.named
    ? {
        state: audio.upload.state,
        progress: audio.upload.progress,
        ...(audio.upload.fileName === undefined ? {} : { fileName: audio.upload.fileName }),
      }
    : ai.kept.state === 'loading'
      ? { state: 'uploading', progress: 0, fileName: TEXT.aiPreparing }
      : keptWork === null
        ? { state: 'error', progress: 0 }
        : { state: 'done', progress: 1, fileName: `${keptWork.title}.mp3` }
  const aiError = ai.named && ai.kept.state === 'failed' ? ai.kept.message : undefined
  const step = deposited !== null ? 3 : audioFile === undefined ? 0 : 1
  const timed = lrcLines(lyric)

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    const found: FieldErrors = {}
    if (audioFile === undefined) found.audio = TEXT.needAudio
    if (title.trim() === '') found.title = TEXT.titleRequired
    setErrors(found)
    if (audioFile === undefined || Object.keys(found).length > 0) return
    setSubmitting(true)
    try {
      const made = await depositWork(api, {
        fileId: audioFile.fileId,
        title: title.trim(),
        ...(genre.trim() === '' ? {} : { genre: genre.trim() }),
        ...(lyric.trim() === '' ? {} : { lyric }),
        ...(cover.upload.uploaded === undefined
          ? {}
          : { coverFileId: cover.upload.uploaded.fileId }),
      })
      setDeposited(made)
      toasts.show('success', TEXT.depositDone)
    } catch (error) {
      // Everything typed stays; the refusal goes next to its field.
      if (isRefusal(error)) setErrors({ [fieldOf(error.message)]: error.message })
      else if (error instanceof Error && !('kind' in error && error.kind === 'session')) {
        toasts.show('error', error.message)
      }
    } finally {
      setSubmitting(false)
    }
  }

  function startOver(): void {
    if (ai.named) ai.drop()
    audio.reset()
    cover.reset()
    setTitle('')
    setGenre('')
    setLyric('')
    setErrors({})
    setDeposited(null)
  }

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.depositTitle} subtitle={TEXT.depositSubtitle} level={1} />
        <Stepper steps={TEXT.depositSteps} current={step} />
        {deposited !== null ? (
          <section className={styles.panel} aria-label={TEXT.depositDone}>
            <SectionHeader title={TEXT.depositDone} subtitle={TEXT.depositDoneHint} />
            <dl className={styles.form}>
              <div>
                <dt className={styles.muted}>证书编号</dt>
                <dd className={styles.fieldLabel}>{deposited.certificateNo}</dd>
              </div>
              <div>
                <dt className={styles.muted}>SHA-256</dt>
                <dd className={styles.itemMeta}>{deposited.sha256}</dd>
              </div>
            </dl>
            <div className={styles.row}>
              <Button asChild>
                <Link
                  to={`/musiciansZone/certificateDeposit/certificateDetails?depositId=${deposited.depositId}`}
                >
                  {TEXT.viewCertificate}
                </Link>
              </Button>
              <Button variant="secondary" asChild>
                <a href={deposited.certificateUrl} download={`${deposited.certificateNo}.pdf`}>
                  {TEXT.downloadCertificate}
                </a>
              </Button>
              <Button variant="secondary" asChild>
                <Link to={`/musiciansZone/confirmedListing?depositId=${deposited.depositId}`}>
                  {TEXT.goList}
                </Link>
              </Button>
              <Button variant="ghost" onClick={startOver}>
                {TEXT.depositAnother}
              </Button>
            </div>
          </section>
        ) : (
          <form className={styles.twoColumns} onSubmit={(event) => void submit(event)} noValidate>
            <div className={styles.form}>
              <FileDropZone
                label={TEXT.audioLabel}
                hint={ai.named ? TEXT.aiChooseOther : TEXT.audioHint}
                accept={ACCEPT_ATTRIBUTE.audio}
                {...audioField}
                error={aiError ?? audio.upload.error ?? errors.audio}
                onFileChosen={(file) => {
                  setErrors((current) => ({ ...current, audio: undefined }))
                  if (ai.named) ai.drop()
                  void audio.choose(file).then((uploaded) => {
                    // A title to start from: the file's name without its extension.
                    if (uploaded !== null && title === '') {
                      setTitle(file.name.replace(/\.[^.]+$/, '').slice(0, DEPOSIT_TITLE_MAX))
                    }
                  })
                }}
              />
              <FileDropZone
                label={TEXT.coverLabel}
                hint={TEXT.coverHint}
                accept={ACCEPT_ATTRIBUTE.image}
                state={cover.upload.state}
                progress={cover.upload.progress}
                {...(cover.upload.fileName === undefined
                  ? {}
                  : { fileName: cover.upload.fileName })}
                error={cover.upload.error}
                preview={
                  cover.upload.previewUrl === undefined ? undefined : (
                    <img className={styles.coverImage} src={cover.upload.previewUrl} alt="" />
                  )
                }
                onFileChosen={(file) => void cover.choose(file)}
              />
              {keptWork === null ? null : (
                <aside className={styles.aiNote} aria-label={TEXT.aiNoteTitle}>
                  <p className={styles.aiNoteTitle}>
                    <AiLabel size="medium" />
                    {TEXT.aiNoteTitle}
                  </p>
                  <p className={styles.muted}>{TEXT.aiNote}</p>
                </aside>
              )}
            </div>
            <div className={styles.panel}>
              <TextField
                label={TEXT.titleLabel}
                value={title}
                onValueChange={(value) => {
                  setTitle(value)
                  setErrors((current) => ({ ...current, title: undefined }))
                }}
                maxLength={DEPOSIT_TITLE_MAX}
                error={errors.title}
                required
              />
              <div className={styles.form}>
                <TextField
                  label={TEXT.genreLabel}
                  hint={TEXT.genreHint}
                  value={genre}
                  onValueChange={setGenre}
                  maxLength={DEPOSIT_GENRE_MAX}
                  error={errors.genre}
                />
                <div className={styles.chips} role="group" aria-label={TEXT.genreLabel}>
                  {TEXT.genres.map((name) => (
                    <button
                      key={name}
                      type="button"
                      className={styles.chip}
                      aria-pressed={genre === name}
                      onClick={() => setGenre(genre === name ? '' : name)}
                    >
                      {name}
                    </button>
                  ))}
                </div>
              </div>
              <label className={styles.form}>
                <span className={styles.fieldLabel}>{TEXT.lyricLabel}</span>
                <textarea
                  className={styles.textarea}
                  value={lyric}
                  onChange={(event) => setLyric(event.currentTarget.value)}
                  placeholder={TEXT.lyricHint}
                  aria-invalid={errors.lyric === undefined ? undefined : true}
                />
                {lyric.trim() !== '' ? (
                  <span className={styles.muted}>
                    {timed.length > 0 ? TEXT.lyricIsLrc(timed.length) : TEXT.lyricIsPlain}
                  </span>
                ) : null}
                {errors.lyric ? <span className={styles.fieldError}>{errors.lyric}</span> : null}
              </label>
              {timed.length > 0 ? (
                <ul className={styles.lrcPreview}>
                  {timed.slice(0, 6).map((line, index) => (
                    <li key={`${index}-${line}`}>{line}</li>
                  ))}
                </ul>
              ) : null}
              {errors.form ? (
                <p className={styles.fieldError} role="alert">
                  {errors.form}
                </p>
              ) : null}
              <Button type="submit" disabled={submitting || audio.upload.state === 'uploading'}>
                {submitting ? TEXT.depositing : TEXT.submitDeposit}
              </Button>
            </div>
          </form>
        )}
      </div>
    </PageContainer>
  )
}
