import { DEPOSIT_GENRE_MAX, DEPOSIT_TITLE_MAX, depositWork, type Deposit } from '@gy/api'
import {
  Button,
  FileDropZone,
  PageContainer,
  SectionHeader,
  Stepper,
  TextField,
} from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { ZONE_TEXT as TEXT } from '../../strings.zone'
import { isRefusal, lrcLines } from './format'
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

/** /musiciansZone/copyrightDeposit: upload a work, describe it, deposit it. */
export function DepositPage() {
  const { api, toasts } = useRuntime()
  const audio = useUpload('audio', TEXT)
  const cover = useUpload('image', TEXT)
  const [title, setTitle] = useState('')
  const [genre, setGenre] = useState('')
  const [lyric, setLyric] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [deposited, setDeposited] = useState<Deposit | null>(null)

  const audioFile = audio.upload.uploaded
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
                hint={TEXT.audioHint}
                accept={ACCEPT_ATTRIBUTE.audio}
                state={audio.upload.state}
                progress={audio.upload.progress}
                {...(audio.upload.fileName === undefined
                  ? {}
                  : { fileName: audio.upload.fileName })}
                error={audio.upload.error ?? errors.audio}
                onFileChosen={(file) => {
                  setErrors((current) => ({ ...current, audio: undefined }))
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
