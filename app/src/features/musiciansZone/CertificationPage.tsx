import {
  CERTIFICATION_PORTFOLIO_MAX,
  MESSAGES,
  applyForCertification,
  certificationStatus,
  isValidResidentId,
  type CertificationState,
  type CertificationStatus,
} from '@gy/api'
import {
  Button,
  EmptyState,
  FileDropZone,
  PageContainer,
  SectionHeader,
  Spinner,
  StatusBadge,
  type StatusBadgeTone,
  TextField,
} from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ZONE_TEXT as TEXT } from '../../strings.zone'
import { formatTime, isRefusal } from './format'
import { ACCEPT_ATTRIBUTE, useUpload } from '../../providers/useUpload'
import * as styles from './zone.css'

const TONES: Record<CertificationStatus, StatusBadgeTone> = {
  none: 'neutral',
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
}

export function CertificationBadge({ status }: { status: CertificationStatus }) {
  return <StatusBadge tone={TONES[status]}>{TEXT.status[status]}</StatusBadge>
}

type FieldErrors = Partial<Record<'realName' | 'idNumber' | 'links' | 'photo' | 'form', string>>
const REAL_NAME = /^[\p{Script=Han}·•A-Za-z ]{2,30}$/u

function fieldOf(message: string): keyof FieldErrors {
  if (message.includes('姓名')) return 'realName'
  if (message.includes('身份证')) return 'idNumber'
  if (message.includes('链接')) return 'links'
  if (message.includes('图片') || message.includes('文件')) return 'photo'
  return 'form'
}

/** /musiciansZone/musicianCertification: the status, and the application form when one may apply. */
export function CertificationPage() {
  const { api, toasts } = useRuntime()
  const [version, setVersion] = useState(0)
  const status = useApiData(
    `certification:${version}`,
    () => certificationStatus(api),
    TEXT.loadFailed,
  )
  const [reapplying, setReapplying] = useState(false)

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader
          title={TEXT.certificationTitle}
          subtitle={TEXT.certificationSubtitle}
          level={1}
        />
        {status.state === 'loading' ? (
          <Spinner size="lg" />
        ) : status.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={status.message}
            action={<Button onClick={status.retry}>{TEXT.retry}</Button>}
          />
        ) : (
          <div className={styles.twoColumns}>
            <StatusPanel state={status.data} onReapply={() => setReapplying(true)} />
            {status.data.status === 'none' || (status.data.status === 'rejected' && reapplying) ? (
              <ApplicationForm
                onApplied={() => {
                  toasts.show('success', TEXT.applied)
                  setReapplying(false)
                  setVersion((value) => value + 1)
                }}
              />
            ) : null}
          </div>
        )}
      </div>
    </PageContainer>
  )
}

function StatusPanel({ state, onReapply }: { state: CertificationState; onReapply: () => void }) {
  const hint =
    state.status === 'pending'
      ? TEXT.pendingHint
      : state.status === 'approved'
        ? TEXT.approvedHint
        : state.status === 'rejected'
          ? TEXT.rejectedHint(state.reason ?? '')
          : TEXT.certificationSubtitle
  return (
    <section className={styles.panel} aria-label={TEXT.certificationTitle}>
      <div className={styles.row}>
        <CertificationBadge status={state.status} />
        {state.realName !== null ? <span className={styles.muted}>{state.realName}</span> : null}
      </div>
      <p className={styles.muted}>{hint}</p>
      {state.submittedAt !== null ? (
        <p className={styles.muted}>提交时间：{formatTime(state.submittedAt)}</p>
      ) : null}
      {state.status === 'rejected' ? (
        <span>
          <Button onClick={onReapply}>{TEXT.applyAgain}</Button>
        </span>
      ) : null}
    </section>
  )
}

function ApplicationForm({ onApplied }: { onApplied: () => void }) {
  const { api, toasts } = useRuntime()
  const photo = useUpload('image', TEXT)
  const [realName, setRealName] = useState('')
  const [idNumber, setIdNumber] = useState('')
  const [links, setLinks] = useState<string[]>([''])
  const [errors, setErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    const found: FieldErrors = {}
    if (!REAL_NAME.test(realName.trim())) found.realName = MESSAGES.realNameInvalid
    if (!isValidResidentId(idNumber)) found.idNumber = MESSAGES.idNumberInvalid
    const portfolio = links.map((link) => link.trim()).filter((link) => link !== '')
    if (portfolio.some((link) => !/^https?:\/\/\S+$/i.test(link))) {
      found.links = MESSAGES.portfolioLinkInvalid
    }
    const photoFile = photo.upload.uploaded
    if (photoFile === undefined) found.photo = TEXT.needPhoto
    setErrors(found)
    if (photoFile === undefined || Object.keys(found).length > 0) return
    setSubmitting(true)
    try {
      await applyForCertification(api, {
        realName: realName.trim(),
        idNumber: idNumber.trim(),
        portfolioLinks: portfolio,
        photoFileId: photoFile.fileId,
      })
      onApplied()
    } catch (error) {
      if (isRefusal(error)) setErrors({ [fieldOf(error.message)]: error.message })
      else if (error instanceof Error) toasts.show('error', error.message)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <form className={styles.panel} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={TEXT.realNameLabel}
        value={realName}
        onValueChange={(value) => {
          setRealName(value)
          setErrors((current) => ({ ...current, realName: undefined }))
        }}
        maxLength={30}
        error={errors.realName}
        autoComplete="name"
      />
      <TextField
        label={TEXT.idNumberLabel}
        hint={TEXT.idNumberHint}
        value={idNumber}
        onValueChange={(value) => {
          setIdNumber(value.toUpperCase())
          setErrors((current) => ({ ...current, idNumber: undefined }))
        }}
        maxLength={18}
        error={errors.idNumber}
      />
      <fieldset className={styles.form}>
        <legend className={styles.fieldLabel}>{TEXT.portfolioLabel}</legend>
        <p className={styles.muted}>{TEXT.portfolioHint}</p>
        {links.map((link, index) => (
          <div key={index} className={styles.row}>
            <TextField
              label={`${TEXT.portfolioLabel} ${index + 1}`}
              hideLabel
              value={link}
              placeholder="https://"
              onValueChange={(value) =>
                setLinks((current) => current.map((item, at) => (at === index ? value : item)))
              }
            />
            {links.length > 1 ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setLinks((current) => current.filter((_, at) => at !== index))}
              >
                {TEXT.removeLink}
              </Button>
            ) : null}
          </div>
        ))}
        {errors.links ? <span className={styles.fieldError}>{errors.links}</span> : null}
        {links.length < CERTIFICATION_PORTFOLIO_MAX ? (
          <span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setLinks((current) => [...current, ''])}
            >
              {TEXT.addLink}
            </Button>
          </span>
        ) : null}
      </fieldset>
      <FileDropZone
        label={TEXT.photoLabel}
        hint={TEXT.photoHint}
        accept={ACCEPT_ATTRIBUTE.image}
        state={photo.upload.state}
        progress={photo.upload.progress}
        {...(photo.upload.fileName === undefined ? {} : { fileName: photo.upload.fileName })}
        error={photo.upload.error ?? errors.photo}
        preview={
          photo.upload.previewUrl === undefined ? undefined : (
            <img className={styles.coverImage} src={photo.upload.previewUrl} alt="" />
          )
        }
        onFileChosen={(file) => {
          setErrors((current) => ({ ...current, photo: undefined }))
          void photo.choose(file)
        }}
      />
      <p className={styles.muted}>
        {TEXT.agreement}
        <Link to="/musician">{TEXT.agreementLink}</Link>
      </p>
      {errors.form ? (
        <p className={styles.fieldError} role="alert">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" disabled={submitting || photo.upload.state === 'uploading'}>
        {TEXT.submitApplication}
      </Button>
    </form>
  )
}
