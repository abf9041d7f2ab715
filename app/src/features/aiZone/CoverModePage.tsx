import { type AiJob, type SingerItem } from '@gy/api'
import {
  AI_GAIN_DB_MAX,
  AI_GAIN_DB_MIN,
  AI_JOB_COSTS,
  AI_SEMITONES_MAX,
  AI_SEMITONES_MIN,
  convertVoice,
  coverOriginal,
  singerList,
} from '@gy/api/aiZone'
import {
  Button,
  EmptyState,
  FileDropZone,
  PageContainer,
  SectionHeader,
  SingerPicker,
  Spinner,
  StatusBadge,
} from '@gy/design-system'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ACCEPT_ATTRIBUTE, useUpload } from '../../providers/useUpload'
import { AI_TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { clampSemitones, type CoverField, isSessionError } from './forms'
import { JobSection } from './JobSection'
import { CostNote, FormAlert, RangeField } from './parts'
import {
  chooseMusicHref,
  type CoverSettings,
  coverSettingsFrom,
  coverSourceFrom,
  type CoverSource,
  sourceBody,
} from './query'
import { useBalance } from './useBalance'
import { useJobSubmit } from './useJobSubmit'
import { useRememberedJob } from './useRememberedJob'
import { usePlayAudio } from './useResultActions'

const TEXT = AI_TEXT.cover
const FIELDS: readonly CoverField[] = ['song', 'singer', 'semitones', 'gain']
const ALIASES = { file: 'song' } as const

function gainFrom(text: string | undefined): number {
  const value = Number(text)
  if (text === undefined || !Number.isFinite(value)) return 0
  return Math.min(AI_GAIN_DB_MAX, Math.max(AI_GAIN_DB_MIN, Math.round(value)))
}

/** The song the cover was made from, to compare with the result (musicfy/convertVoiceOriginal). */
function OriginalButton({ job }: { job: AiJob }) {
  const { api, toasts } = useRuntime()
  const playAudio = usePlayAudio()
  const [loading, setLoading] = useState(false)

  async function play(): Promise<void> {
    setLoading(true)
    try {
      const original = await coverOriginal(api, job.jobId)
      playAudio({ id: `original:${job.jobId}`, name: original.name, cover: '', url: original.url })
    } catch (error) {
      if (!isSessionError(error) && error instanceof Error) toasts.show('error', error.message)
    } finally {
      setLoading(false)
    }
  }

  return (
    <div className={styles.row}>
      <Button variant="secondary" size="sm" loading={loading} onClick={() => void play()}>
        {TEXT.playOriginal}
      </Button>
    </div>
  )
}
OriginalButton.displayName = 'OriginalButton'

/**
 * /aiCreationCenter/coverMode (AI翻唱): a song (chosen on /aiCreationCenter/chooseMusic, or
 * uploaded here), a singer, the transposition and the two volumes; the job below, its result
 * playing through the app's player.
 */
export function CoverModePage() {
  const { api } = useRuntime()
  const [params, setParams] = useSearchParams()
  const [initial] = useState<CoverSettings>(() => coverSettingsFrom(params))
  const source = coverSourceFrom(params)
  const upload = useUpload('audio', AI_TEXT.upload)
  const singers = useApiData('ai:singers', () => singerList(api), TEXT.singersFailed)
  const [singerId, setSingerId] = useState<string | null>(initial.singerId ?? null)
  const [semitones, setSemitones] = useState<number | null>(
    initial.semitones === undefined ? null : clampSemitones(Number(initial.semitones)),
  )
  const [vocalGainDb, setVocalGainDb] = useState(() => gainFrom(initial.vocalGainDb))
  const [accompanimentGainDb, setAccompanimentGainDb] = useState(() =>
    gainFrom(initial.accompanimentGainDb),
  )
  const { balance, refresh } = useBalance()
  const remembered = useRememberedJob('cover')
  const form = useJobSubmit(FIELDS, ALIASES)
  const { errors } = form

  const singerRecords: readonly SingerItem[] = singers.state === 'ready' ? singers.data.records : []
  const singer = singerRecords.find((item) => item.singerId === singerId)
  const preview = useSingerPreview(singerRecords)
  // Until the user moves the slider, the transposition is the chosen singer's suggestion.
  const shownSemitones = semitones ?? singer?.defaultSemitones ?? 0
  const settings: CoverSettings = {
    ...(singerId === null ? {} : { singerId }),
    ...(semitones === null ? {} : { semitones: String(semitones) }),
    ...(vocalGainDb === 0 ? {} : { vocalGainDb: String(vocalGainDb) }),
    ...(accompanimentGainDb === 0 ? {} : { accompanimentGainDb: String(accompanimentGainDb) }),
  }

  function chooseSource(next: CoverSource): void {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        updated.delete('goodsId')
        updated.delete('fileId')
        if (next.kind === 'goods') updated.set('goodsId', next.goodsId)
        else updated.set('fileId', next.fileId)
        updated.set('name', next.name)
        return updated
      },
      { replace: true },
    )
    form.clearError('song')
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    const found = {
      song: source === null ? TEXT.songRequired : undefined,
      singer: singerId === null ? TEXT.singerRequired : undefined,
    }
    if (source === null || singerId === null) {
      form.setErrors(found)
      return
    }
    const job = await form.submit(() =>
      convertVoice(api, {
        singerId,
        ...sourceBody(source),
        semitones: shownSemitones,
        vocalGainDb,
        accompanimentGainDb,
      }),
    )
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
            <section className={styles.stack} aria-label={TEXT.songLabel}>
              <h2 className={styles.fieldLabel}>{TEXT.songLabel}</h2>
              {source !== null ? (
                <div className={styles.chosen}>
                  <span className={styles.itemBody}>
                    <span className={styles.itemTitle}>
                      <span className={styles.ellipsis}>{source.name || TEXT.unnamedSong}</span>
                    </span>
                    <span>
                      <StatusBadge tone="accent">
                        {source.kind === 'goods' ? TEXT.chosenFromStore : TEXT.chosenUpload}
                      </StatusBadge>
                    </span>
                  </span>
                  <Button variant="secondary" size="sm" asChild>
                    <Link to={chooseMusicHref(settings)}>{TEXT.changeSong}</Link>
                  </Button>
                </div>
              ) : (
                <Button variant="secondary" asChild>
                  <Link to={chooseMusicHref(settings)}>{TEXT.chooseFromStore}</Link>
                </Button>
              )}
              <p className={styles.or}>{TEXT.or}</p>
              <FileDropZone
                label={TEXT.uploadLabel}
                hint={TEXT.uploadHint}
                accept={ACCEPT_ATTRIBUTE.audio}
                state={upload.upload.state}
                progress={upload.upload.progress}
                {...(upload.upload.fileName === undefined
                  ? {}
                  : { fileName: upload.upload.fileName })}
                error={upload.upload.error}
                onFileChosen={(file) => {
                  void upload.choose(file).then((uploaded) => {
                    if (uploaded !== null) {
                      chooseSource({ kind: 'file', fileId: uploaded.fileId, name: file.name })
                    }
                  })
                }}
              />
              {errors.song === undefined ? null : (
                <p className={styles.fieldError} role="alert">
                  {errors.song}
                </p>
              )}
            </section>
          </div>
          <div className={styles.panel}>
            <section className={styles.stack} aria-label={TEXT.singerLabel}>
              <h2 className={styles.fieldLabel}>{TEXT.singerLabel}</h2>
              {singers.state === 'loading' ? (
                <Spinner size="md" />
              ) : singers.state === 'failed' ? (
                <EmptyState
                  title={TEXT.singersFailed}
                  hint={singers.message}
                  action={<Button onClick={singers.retry}>{AI_TEXT.retry}</Button>}
                />
              ) : (
                <SingerPicker
                  singers={singerRecords}
                  value={singerId}
                  label={TEXT.singerLabel}
                  previewingId={preview.playing}
                  // 试听 is offered once the worker has made the singers' samples.
                  {...(singerRecords.some((item) => item.previewUrl !== '')
                    ? { onPreview: preview.toggle }
                    : {})}
                  onValueChange={(id) => {
                    setSingerId(id)
                    setSemitones(null)
                    form.clearError('singer')
                  }}
                />
              )}
              {errors.singer === undefined ? null : (
                <p className={styles.fieldError} role="alert">
                  {errors.singer}
                </p>
              )}
            </section>
            <div className={styles.sliders}>
              <RangeField
                label={TEXT.semitonesLabel}
                value={shownSemitones}
                min={AI_SEMITONES_MIN}
                max={AI_SEMITONES_MAX}
                format={TEXT.semitonesValue}
                {...(singer !== undefined && semitones === null
                  ? { hint: TEXT.semitonesHint }
                  : {})}
                onValueChange={(value) => {
                  setSemitones(clampSemitones(value))
                  form.clearError('semitones')
                }}
              />
              <RangeField
                label={TEXT.vocalGainLabel}
                value={vocalGainDb}
                min={AI_GAIN_DB_MIN}
                max={AI_GAIN_DB_MAX}
                format={TEXT.gainValue}
                onValueChange={(value) => {
                  setVocalGainDb(value)
                  form.clearError('gain')
                }}
              />
              <RangeField
                label={TEXT.accompanimentGainLabel}
                value={accompanimentGainDb}
                min={AI_GAIN_DB_MIN}
                max={AI_GAIN_DB_MAX}
                format={TEXT.gainValue}
                onValueChange={(value) => {
                  setAccompanimentGainDb(value)
                  form.clearError('gain')
                }}
              />
            </div>
            {errors.semitones === undefined && errors.gain === undefined ? null : (
              <p className={styles.fieldError} role="alert">
                {errors.semitones ?? errors.gain}
              </p>
            )}
            <CostNote cost={AI_JOB_COSTS.cover} balance={balance} />
            <FormAlert message={errors.form} pointsShort={form.pointsShort} />
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
          renderDone={(job) => <OriginalButton job={job} />}
        />
      </div>
    </PageContainer>
  )
}
CoverModePage.displayName = 'CoverModePage'

/** Plays a singer's sample, one at a time: 试听 again, or another singer's, stops the first. */
function useSingerPreview(singers: readonly SingerItem[]): {
  playing: string | null
  toggle: (singerId: string) => void
} {
  const [playing, setPlaying] = useState<string | null>(null)
  const audio = useRef<HTMLAudioElement | null>(null)
  useEffect(() => () => audio.current?.pause(), [])
  return {
    playing,
    toggle(singerId) {
      audio.current?.pause()
      audio.current = null
      const url = singers.find((item) => item.singerId === singerId)?.previewUrl ?? ''
      if (playing === singerId || url === '') {
        setPlaying(null)
        return
      }
      const element = new Audio(url)
      element.addEventListener('ended', () => setPlaying(null))
      audio.current = element
      setPlaying(singerId)
      element.play().catch(() => setPlaying(null))
    },
  }
}
