import { myDeposits, type DepositRecord } from '@gy/api'
import {
  GUARANTEE_TITLE,
  REGISTRATION_MESSAGES as M,
  WORK_TYPES,
  WORK_TYPE_LABELS,
  chinaToday,
  registrationDateProblem,
  sharesProblem,
  type AddRegisterCopyrightBody,
  type CopyrightOwner,
  type RegistrationPaymentMethod,
  type RegistrationRecord,
  type WorkType,
} from '@gy/api/registration'
import {
  addRegistration,
  listCopyrightOwners,
  listRegistrations,
  payRegistration,
  registrationPaymentStatus,
  registrationPrice,
  submitRegistration,
  updateRegistration,
} from '@gy/api/registrationService'
import {
  Button,
  EmptyState,
  FileDropZone,
  OwnerPicker,
  PageContainer,
  SectionHeader,
  SegmentedControl,
  ShareEditor,
  Spinner,
  Stepper,
  TextField,
} from '@gy/design-system'
import { isRegistrationEditable, nextRegistrationStatus } from '@gy/machines'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ACCEPT_ATTRIBUTE, useUpload } from '../../providers/useUpload'
import { REGISTRATION_TEXT as TEXT } from '../../strings.registration'
import { formatYuan, isRefusal, ownerDetail } from './format'
import * as styles from './registration.css'

interface FormState {
  depositId: string
  workType: WorkType
  title: string
  authorName: string
  createdOn: string
  createdPlace: string
  publishedOn: string
  publishedPlace: string
  owners: { ownerId: string; share: number }[]
  guaranteeAccepted: boolean
  attachments: { fileId: string; url: string }[]
}

type Field = keyof FormState | 'form'

/** How often the page asks whether a payment made in the checkout tab has arrived. */
const PAYMENT_POLL_MS = 2_000
type Errors = Partial<Record<Field, string>>

const EMPTY: FormState = {
  depositId: '',
  workType: 'music',
  title: '',
  authorName: '',
  createdOn: '',
  createdPlace: '',
  publishedOn: '',
  publishedPlace: '',
  owners: [],
  guaranteeAccepted: false,
  attachments: [],
}

/** The step each field is on, so a refusal from the server opens the step to fix. */
const STEP_OF: Record<Field, number> = {
  depositId: 0,
  workType: 1,
  title: 1,
  authorName: 1,
  createdOn: 1,
  createdPlace: 1,
  publishedOn: 1,
  publishedPlace: 1,
  owners: 2,
  guaranteeAccepted: 3,
  attachments: 3,
  form: 4,
}

const FIELD_OF_MESSAGE: Partial<Record<string, Field>> = {
  [M.registrationDepositForbidden]: 'depositId',
  [M.workTitleInvalid]: 'title',
  [M.authorNameInvalid]: 'authorName',
  [M.dateInvalid]: 'createdOn',
  [M.createdOnFuture]: 'createdOn',
  [M.publishedOnFuture]: 'publishedOn',
  [M.publishedBeforeCreated]: 'publishedOn',
  [M.publishedPlaceRequired]: 'publishedPlace',
  [M.placeInvalid]: 'createdPlace',
  [M.ownersRequired]: 'owners',
  [M.ownersTooMany]: 'owners',
  [M.ownersDuplicate]: 'owners',
  [M.shareInvalid]: 'owners',
  [M.sharesNotHundred]: 'owners',
  [M.ownerForbidden]: 'owners',
  [M.guaranteeRequired]: 'guaranteeAccepted',
  [M.attachmentsTooMany]: 'attachments',
}

function formOf(record: RegistrationRecord): FormState {
  return {
    depositId: record.depositId,
    workType: record.workType,
    title: record.title,
    authorName: record.authorName,
    createdOn: record.createdOn,
    createdPlace: record.createdPlace,
    publishedOn: record.publishedOn ?? '',
    publishedPlace: record.publishedPlace,
    owners: record.owners.map(({ ownerId, share }) => ({ ownerId, share })),
    guaranteeAccepted: record.guaranteeAccepted,
    attachments: record.attachments,
  }
}

function bodyOf(form: FormState): AddRegisterCopyrightBody {
  const published = form.publishedOn !== ''
  return {
    depositId: form.depositId,
    workType: form.workType,
    title: form.title.trim(),
    authorName: form.authorName.trim(),
    createdOn: form.createdOn,
    createdPlace: form.createdPlace.trim(),
    publishedOn: published ? form.publishedOn : null,
    publishedPlace: published ? form.publishedPlace.trim() : '',
    owners: form.owners,
    guaranteeAccepted: form.guaranteeAccepted,
    attachmentFileIds: form.attachments.map((attachment) => attachment.fileId),
  }
}

/** The problems of one step, found as the server would find them. */
function problemsOf(step: number, form: FormState): Errors {
  const errors: Errors = {}
  if (step === 0 && form.depositId === '') errors.depositId = TEXT.pickWork
  if (step === 1) {
    if (form.title.trim() === '') errors.title = M.workTitleInvalid
    if (form.authorName.trim() === '') errors.authorName = M.authorNameInvalid
    if (form.createdPlace.trim() === '') errors.createdPlace = M.placeInvalid
    const problem = registrationDateProblem(
      form.createdOn,
      form.publishedOn,
      chinaToday(new Date()),
    )
    if (problem !== null) {
      errors[problem === 'createdOnFuture' || form.createdOn === '' ? 'createdOn' : 'publishedOn'] =
        M[problem]
    }
    if (form.publishedOn !== '' && form.publishedPlace.trim() === '') {
      errors.publishedPlace = M.publishedPlaceRequired
    }
  }
  if (step === 2) {
    const problem = sharesProblem(form.owners)
    if (problem !== null) errors.owners = M[problem]
  }
  return errors
}

function allProblems(form: FormState): Errors {
  return { ...problemsOf(0, form), ...problemsOf(1, form), ...problemsOf(2, form) }
}

/**
 * /administrativeRegistration: the application, step by step; `?registrationId=` edits a draft or
 * an application sent back for correction.
 */
export function RegistrationFormPage() {
  const { api } = useRuntime()
  const [search] = useSearchParams()
  const registrationId = search.get('registrationId')
  const data = useApiData(
    `registration-form:${registrationId ?? 'new'}`,
    async () => {
      const [deposits, owners, price, existing] = await Promise.all([
        myDeposits(api, { page: 1, pageSize: 50 }),
        listCopyrightOwners(api, { page: 1, pageSize: 50 }),
        registrationPrice(api),
        registrationId === null
          ? Promise.resolve(null)
          : listRegistrations(api, { page: 1, pageSize: 50 }).then(
              (page) =>
                page.records.find((record) => record.registrationId === registrationId) ?? null,
            ),
      ])
      return { deposits: deposits.records, owners: owners.records, price, existing }
    },
    TEXT.loadFailed,
  )
  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader
          title={TEXT.formTitle}
          subtitle={TEXT.formSubtitle}
          level={1}
          action={
            <Button asChild variant="text">
              <Link to="/administrativeRegistrationDesc">{TEXT.descLink}</Link>
            </Button>
          }
        />
        {data.state === 'loading' ? (
          <Spinner size="lg" />
        ) : data.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={data.message}
            action={<Button onClick={data.retry}>{TEXT.retry}</Button>}
          />
        ) : data.data.deposits.length === 0 ? (
          <EmptyState
            title={TEXT.noDeposits}
            hint={TEXT.noDepositsHint}
            action={
              <Button asChild>
                <Link to="/musiciansZone/copyrightDeposit">{TEXT.goDeposit}</Link>
              </Button>
            }
          />
        ) : (
          <RegistrationForm
            key={registrationId ?? 'new'}
            deposits={data.data.deposits}
            owners={data.data.owners}
            price={data.data.price}
            existing={data.data.existing}
          />
        )}
      </div>
    </PageContainer>
  )
}

function RegistrationForm({
  deposits,
  owners,
  price,
  existing,
}: {
  deposits: readonly DepositRecord[]
  owners: readonly CopyrightOwner[]
  price: { priceFen: number; points: number }
  existing: RegistrationRecord | null
}) {
  const { api, toasts } = useRuntime()
  const navigate = useNavigate()
  const [form, setForm] = useState<FormState>(existing === null ? EMPTY : formOf(existing))
  const [registrationId, setRegistrationId] = useState(existing?.registrationId ?? null)
  const [status, setStatus] = useState(existing?.status ?? 'draft')
  const [step, setStep] = useState(existing === null ? 0 : 1)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState<'draft' | 'submit' | 'check' | null>(null)
  const [payMethod, setPayMethod] = useState<RegistrationPaymentMethod>('provider')
  const [waitingPayment, setWaitingPayment] = useState(existing?.status === 'awaiting_payment')
  const attachment = useUpload('image', TEXT)
  const editable = isRegistrationEditable(status)
  // A corrected application goes back without paying again: the machine says where submit leads.
  const submitLeadsToPayment =
    nextRegistrationStatus(status, 'registration.submit') === 'awaiting_payment'

  const set = <Key extends keyof FormState>(key: Key, value: FormState[Key]) => {
    setForm((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined, form: undefined }))
  }

  function showRefusal(message: string): void {
    const field = FIELD_OF_MESSAGE[message] ?? 'form'
    setErrors({ [field]: message })
    setStep(STEP_OF[field])
  }

  function goNext(): void {
    const found = problemsOf(step, form)
    setErrors(found)
    if (Object.keys(found).length === 0) setStep((current) => Math.min(current + 1, 4))
  }

  /** Saves the form as it is; answers the registration's id, or null when refused. */
  async function save(): Promise<string | null> {
    const found = allProblems(form)
    if (Object.keys(found).length > 0) {
      setErrors(found)
      const first = Object.keys(found)[0] as Field
      setStep(STEP_OF[first])
      return null
    }
    const body = bodyOf(form)
    const saved =
      registrationId === null
        ? await addRegistration(api, body)
        : await updateRegistration(api, { ...body, registrationId })
    setRegistrationId(saved.registrationId)
    setStatus(saved.status)
    return saved.registrationId
  }

  async function run(kind: 'draft' | 'submit', work: () => Promise<void>): Promise<void> {
    setBusy(kind)
    try {
      await work()
    } catch (caught) {
      if (isRefusal(caught)) showRefusal(caught.message)
      else if (caught instanceof Error) toasts.show('error', caught.message)
    } finally {
      setBusy(null)
    }
  }

  const saveDraft = () =>
    run('draft', async () => {
      if ((await save()) !== null) toasts.show('success', TEXT.draftSaved)
    })

  const submitAndPay = () =>
    run('submit', async () => {
      let id = registrationId
      let current = status
      if (editable) {
        if (!form.guaranteeAccepted) {
          showRefusal(M.guaranteeRequired)
          return
        }
        id = await save()
        if (id === null) return
        current = (await submitRegistration(api, id)).status
        setStatus(current)
      }
      if (id === null) return
      if (current !== 'awaiting_payment') {
        toasts.show('success', TEXT.submitted)
        void navigate('/copyrightRegistrationList')
        return
      }
      const payment = await payRegistration(api, { registrationId: id, method: payMethod })
      if (payment.checkoutUrl === null) {
        toasts.show('success', TEXT.submitted)
        void navigate('/copyrightRegistrationList')
        return
      }
      setWaitingPayment(true)
      window.open(payment.checkoutUrl, '_blank', 'noopener')
    })

  // While the checkout is open elsewhere, follow the payment so the page moves on by itself.
  useEffect(() => {
    if (!waitingPayment || registrationId === null) return
    let stopped = false
    const timer = window.setInterval(() => {
      registrationPaymentStatus(api, registrationId).then(
        (answer) => {
          if (stopped || !answer.paid) return
          stopped = true
          toasts.show('success', TEXT.submitted)
          void navigate('/copyrightRegistrationList')
        },
        () => undefined,
      )
    }, PAYMENT_POLL_MS)
    return () => {
      stopped = true
      window.clearInterval(timer)
    }
  }, [api, navigate, registrationId, toasts, waitingPayment])

  async function checkPayment(): Promise<void> {
    if (registrationId === null) return
    setBusy('check')
    try {
      const answer = await registrationPaymentStatus(api, registrationId)
      if (answer.paid) {
        toasts.show('success', TEXT.submitted)
        void navigate('/copyrightRegistrationList')
      } else {
        toasts.show('info', TEXT.notPaidYet)
      }
    } catch (caught) {
      if (caught instanceof Error) toasts.show('error', caught.message)
    } finally {
      setBusy(null)
    }
  }

  const ownerById = new Map(owners.map((owner) => [owner.ownerId, owner]))
  const chosenDeposit = deposits.find((deposit) => deposit.depositId === form.depositId)

  return (
    <div className={styles.panel}>
      <Stepper steps={TEXT.steps} current={step} />
      {existing?.status === 'needs_correction' && existing.note !== null ? (
        <p className={styles.note}>
          <strong>{TEXT.reviewerNote}：</strong>
          {existing.note} {TEXT.editingCorrection}
        </p>
      ) : null}

      {step === 0 ? (
        <section className={styles.form} aria-label={TEXT.steps[0]}>
          <h2 className={styles.title}>{TEXT.chooseWork}</h2>
          <ul className={styles.works}>
            {deposits.map((deposit) => (
              <li key={deposit.depositId}>
                <button
                  type="button"
                  className={styles.workOption}
                  aria-pressed={form.depositId === deposit.depositId}
                  disabled={!editable}
                  onClick={() => {
                    set('depositId', deposit.depositId)
                    if (form.title === '') set('title', deposit.title)
                  }}
                >
                  {deposit.coverUrl === '' ? (
                    <span className={styles.cover} aria-hidden="true" />
                  ) : (
                    <img className={styles.cover} src={deposit.coverUrl} alt="" />
                  )}
                  <span className={styles.itemBody}>
                    <span className={styles.itemTitle}>{deposit.title}</span>
                    <span className={styles.itemMeta}>{deposit.certificateNo}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {errors.depositId === undefined ? null : (
            <p className={styles.error} role="alert">
              {errors.depositId}
            </p>
          )}
        </section>
      ) : null}

      {step === 1 ? (
        <section className={styles.form} aria-label={TEXT.steps[1]}>
          <label className={styles.field}>
            <span className={styles.label}>{TEXT.workType}</span>
            <select
              className={styles.select}
              value={form.workType}
              disabled={!editable}
              onChange={(event) => set('workType', event.target.value as WorkType)}
            >
              {WORK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {WORK_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.twoFields}>
            <TextField
              label={TEXT.workTitle}
              value={form.title}
              onValueChange={(value) => set('title', value)}
              maxLength={50}
              error={errors.title}
              disabled={!editable}
            />
            <TextField
              label={TEXT.authorName}
              value={form.authorName}
              onValueChange={(value) => set('authorName', value)}
              maxLength={50}
              error={errors.authorName}
              disabled={!editable}
            />
            <TextField
              label={TEXT.createdOn}
              type="date"
              value={form.createdOn}
              onValueChange={(value) => set('createdOn', value)}
              error={errors.createdOn}
              disabled={!editable}
            />
            <TextField
              label={TEXT.createdPlace}
              placeholder={TEXT.placeHint}
              value={form.createdPlace}
              onValueChange={(value) => set('createdPlace', value)}
              maxLength={50}
              error={errors.createdPlace}
              disabled={!editable}
            />
            <TextField
              label={TEXT.publishedOn}
              type="date"
              value={form.publishedOn}
              onValueChange={(value) => set('publishedOn', value)}
              error={errors.publishedOn}
              disabled={!editable}
            />
            <TextField
              label={TEXT.publishedPlace}
              placeholder={TEXT.placeHint}
              value={form.publishedPlace}
              onValueChange={(value) => set('publishedPlace', value)}
              maxLength={50}
              error={errors.publishedPlace}
              disabled={!editable || form.publishedOn === ''}
            />
          </div>
        </section>
      ) : null}

      {step === 2 ? (
        <section className={styles.form} aria-label={TEXT.steps[2]}>
          <div className={styles.spread}>
            <h2 className={styles.title}>{TEXT.pickOwners}</h2>
            <Button asChild variant="text" size="sm">
              <Link to="/copyrightOwnerManager">{TEXT.manageOwners}</Link>
            </Button>
          </div>
          <OwnerPicker
            label={TEXT.pickOwners}
            owners={owners.map((owner) => ({
              id: owner.ownerId,
              name: owner.name,
              detail: ownerDetail(owner),
            }))}
            value={form.owners.map((owner) => owner.ownerId)}
            onValueChange={(ids) => {
              const shares = new Map(form.owners.map((owner) => [owner.ownerId, owner.share]))
              set(
                'owners',
                ids.map((ownerId) => ({
                  ownerId,
                  share: shares.get(ownerId) ?? (ids.length === 1 ? 100 : 0),
                })),
              )
            }}
            empty={TEXT.ownersEmptyPicker}
            disabled={!editable}
          />
          {form.owners.length === 0 ? null : (
            <>
              <h3 className={styles.label}>{TEXT.shares}</h3>
              <p className={styles.muted}>{TEXT.sharesHint}</p>
              <ShareEditor
                rows={form.owners.map((owner) => ({
                  id: owner.ownerId,
                  name: ownerById.get(owner.ownerId)?.name ?? '',
                  share: owner.share,
                }))}
                onShareChange={(id, share) =>
                  set(
                    'owners',
                    form.owners.map((owner) =>
                      owner.ownerId === id ? { ...owner, share } : owner,
                    ),
                  )
                }
                onRemove={(id) =>
                  set(
                    'owners',
                    form.owners.filter((owner) => owner.ownerId !== id),
                  )
                }
                onSplitEvenly={(shares) =>
                  set(
                    'owners',
                    form.owners.map((owner) => ({ ...owner, share: shares[owner.ownerId] ?? 0 })),
                  )
                }
                error={errors.owners}
                disabled={!editable}
              />
            </>
          )}
          {form.owners.length === 0 && errors.owners !== undefined ? (
            <p className={styles.error} role="alert">
              {errors.owners}
            </p>
          ) : null}
        </section>
      ) : null}

      {step === 3 ? (
        <section className={styles.form} aria-label={TEXT.steps[3]}>
          <h2 className={styles.title}>{GUARANTEE_TITLE.title}</h2>
          <ol className={styles.statements}>
            {GUARANTEE_TITLE.statements.map((statement) => (
              <li key={statement}>{statement}</li>
            ))}
          </ol>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={form.guaranteeAccepted}
              disabled={!editable}
              onChange={(event) => set('guaranteeAccepted', event.target.checked)}
            />
            {TEXT.guarantee}
          </label>
          {errors.guaranteeAccepted === undefined ? null : (
            <p className={styles.error} role="alert">
              {errors.guaranteeAccepted}
            </p>
          )}
          {form.attachments.length === 0 ? null : (
            <ul className={styles.thumbs}>
              {form.attachments.map((file) => (
                <li key={file.fileId} className={styles.thumb}>
                  <img className={styles.thumbImage} src={file.url} alt="" />
                </li>
              ))}
            </ul>
          )}
          {editable && form.attachments.length < 5 ? (
            <FileDropZone
              label={TEXT.attachments}
              hint={TEXT.attachmentsHint}
              accept={ACCEPT_ATTRIBUTE.image}
              state={attachment.upload.state}
              progress={attachment.upload.progress}
              {...(attachment.upload.fileName === undefined
                ? {}
                : { fileName: attachment.upload.fileName })}
              error={attachment.upload.error ?? errors.attachments}
              onFileChosen={(file) => {
                void attachment.choose(file).then((uploaded) => {
                  if (uploaded !== null) {
                    setForm((current) => ({
                      ...current,
                      attachments: [
                        ...current.attachments,
                        { fileId: uploaded.fileId, url: uploaded.url },
                      ],
                    }))
                  }
                })
              }}
            />
          ) : null}
        </section>
      ) : null}

      {step === 4 ? (
        <section className={styles.form} aria-label={TEXT.steps[4]}>
          <h2 className={styles.title}>{TEXT.summary}</h2>
          <dl className={styles.facts}>
            <dt className={styles.factLabel}>{TEXT.work}</dt>
            <dd className={styles.factValue}>
              {chosenDeposit === undefined
                ? '—'
                : `${chosenDeposit.title}（${chosenDeposit.certificateNo}）`}
            </dd>
            <dt className={styles.factLabel}>{TEXT.workType}</dt>
            <dd className={styles.factValue}>{WORK_TYPE_LABELS[form.workType]}</dd>
            <dt className={styles.factLabel}>{TEXT.workTitle}</dt>
            <dd className={styles.factValue}>{form.title}</dd>
            <dt className={styles.factLabel}>{TEXT.authorName}</dt>
            <dd className={styles.factValue}>{form.authorName}</dd>
            <dt className={styles.factLabel}>{TEXT.created}</dt>
            <dd className={styles.factValue}>{`${form.createdOn} · ${form.createdPlace}`}</dd>
            <dt className={styles.factLabel}>{TEXT.published}</dt>
            <dd className={styles.factValue}>
              {form.publishedOn === ''
                ? TEXT.unpublished
                : `${form.publishedOn} · ${form.publishedPlace}`}
            </dd>
            <dt className={styles.factLabel}>{TEXT.owners}</dt>
            <dd className={styles.factValue}>
              {form.owners
                .map((owner) => `${ownerById.get(owner.ownerId)?.name ?? ''} ${owner.share}%`)
                .join('、')}
            </dd>
          </dl>
          {submitLeadsToPayment || status === 'awaiting_payment' ? (
            <>
              <div className={styles.fee}>
                <span className={styles.label}>{TEXT.fee}</span>
                <span className={styles.feeAmount}>{formatYuan(price.priceFen)}</span>
                <span className={styles.muted}>{TEXT.feePoints(price.points)}</span>
              </div>
              <SegmentedControl
                label={TEXT.payWith}
                options={[
                  { value: 'provider', label: TEXT.payProvider },
                  { value: 'points', label: TEXT.payPoints },
                ]}
                value={payMethod}
                onValueChange={setPayMethod}
              />
            </>
          ) : null}
          {waitingPayment ? <p className={styles.muted}>{TEXT.paying}</p> : null}
          {errors.form === undefined ? null : (
            <p className={styles.error} role="alert">
              {errors.form}
            </p>
          )}
        </section>
      ) : null}

      <div className={styles.spread}>
        <Button
          variant="secondary"
          disabled={step === 0}
          onClick={() => setStep((current) => Math.max(current - 1, 0))}
        >
          {TEXT.back}
        </Button>
        <div className={styles.row}>
          {editable ? (
            <Button variant="secondary" loading={busy === 'draft'} onClick={() => void saveDraft()}>
              {TEXT.saveDraft}
            </Button>
          ) : null}
          {step < 4 ? (
            <Button onClick={goNext}>{TEXT.next}</Button>
          ) : waitingPayment ? (
            <>
              <Button
                variant="secondary"
                loading={busy === 'submit'}
                onClick={() => void submitAndPay()}
              >
                {TEXT.payNow}
              </Button>
              <Button loading={busy === 'check'} onClick={() => void checkPayment()}>
                {TEXT.paidCheck}
              </Button>
            </>
          ) : (
            <Button loading={busy === 'submit'} onClick={() => void submitAndPay()}>
              {submitLeadsToPayment || status === 'awaiting_payment'
                ? TEXT.submitAndPay
                : TEXT.resubmit}
            </Button>
          )}
        </div>
      </div>
    </div>
  )
}
