import { isValidCreditCode } from '@gy/api/creditCode'
import {
  OWNER_ID_TYPES,
  OWNER_ID_TYPE_LABELS,
  REGISTRATION_MESSAGES as M,
  idNumberProblem,
  type AddCopyrightOwnerBody,
  type CopyrightOwner,
  type OwnerIdType,
} from '@gy/api/registration'
import {
  addCopyrightOwner,
  listCopyrightOwners,
  removeCopyrightOwner,
  updateCopyrightOwner,
} from '@gy/api/registrationService'
import {
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  PageContainer,
  SectionHeader,
  SegmentedControl,
  Spinner,
  StatusBadge,
  TextField,
} from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { REGISTRATION_TEXT as TEXT } from '../../strings.registration'
import { isRefusal, ownerDetail } from './format'
import * as styles from './registration.css'

type OwnerKind = 'person' | 'organization'
type FieldName = 'name' | 'idNumber' | 'creditCode' | 'phone' | 'address' | 'contact' | 'form'
type FieldErrors = Partial<Record<FieldName, string>>

/** Which field a server message is about, so it shows next to that field. */
const FIELD_OF_MESSAGE: Partial<Record<string, FieldName>> = {
  [M.ownerNameInvalid]: 'name',
  [M.ownerIdNumberInvalid]: 'idNumber',
  [M.ownerResidentIdInvalid]: 'idNumber',
  [M.ownerCreditCodeInvalid]: 'creditCode',
  [M.ownerPhoneInvalid]: 'phone',
  [M.ownerAddressInvalid]: 'address',
  [M.ownerContactInvalid]: 'contact',
}

interface OwnerDraft {
  type: OwnerKind
  name: string
  idType: OwnerIdType
  idNumber: string
  phone: string
  address: string
  creditCode: string
  contact: string
}

const EMPTY: OwnerDraft = {
  type: 'person',
  name: '',
  idType: 'resident_id',
  idNumber: '',
  phone: '',
  address: '',
  creditCode: '',
  contact: '',
}

function draftOf(owner: CopyrightOwner): OwnerDraft {
  return {
    type: owner.type,
    name: owner.name,
    idType: owner.idType ?? 'resident_id',
    idNumber: owner.idNumber ?? '',
    phone: owner.phone,
    address: owner.address,
    creditCode: owner.creditCode ?? '',
    contact: owner.contact,
  }
}

/** The checks the server makes, made first here so each shows under its field at once. */
function problemsOf(draft: OwnerDraft): FieldErrors {
  const errors: FieldErrors = {}
  const name = draft.name.trim()
  if (name === '' || [...name].length > 50) errors.name = M.ownerNameInvalid
  if (draft.type === 'person') {
    const problem = idNumberProblem(draft.idType, draft.idNumber)
    if (problem !== null) errors.idNumber = M[problem]
    if (!/^(\+?\d[\d-]{5,19})?$/.test(draft.phone.trim())) errors.phone = M.ownerPhoneInvalid
  } else if (!isValidCreditCode(draft.creditCode)) {
    errors.creditCode = M.ownerCreditCodeInvalid
  }
  return errors
}

function bodyOf(draft: OwnerDraft): AddCopyrightOwnerBody {
  return draft.type === 'person'
    ? {
        type: 'person',
        name: draft.name.trim(),
        idType: draft.idType,
        idNumber: draft.idNumber.trim(),
        phone: draft.phone.trim(),
        address: draft.address.trim(),
      }
    : {
        type: 'organization',
        name: draft.name.trim(),
        creditCode: draft.creditCode.trim(),
        contact: draft.contact.trim(),
      }
}

/** /copyrightOwnerManager: the people and organisations the user names in registrations. */
export function OwnerManagerPage() {
  const { api, toasts } = useRuntime()
  const [version, setVersion] = useState(0)
  const [editing, setEditing] = useState<CopyrightOwner | 'new' | null>(null)
  const [removing, setRemoving] = useState<CopyrightOwner | null>(null)
  const [busy, setBusy] = useState(false)
  const owners = useApiData(
    `owners:${version}`,
    () => listCopyrightOwners(api, { page: 1, pageSize: 50 }),
    TEXT.loadFailed,
  )
  const reload = () => setVersion((value) => value + 1)

  async function remove(owner: CopyrightOwner): Promise<void> {
    setBusy(true)
    try {
      await removeCopyrightOwner(api, owner.ownerId)
      toasts.show('success', TEXT.removed)
      reload()
    } catch (caught) {
      if (caught instanceof Error) toasts.show('error', caught.message)
    } finally {
      setBusy(false)
      setRemoving(null)
    }
  }

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader
          title={TEXT.ownersTitle}
          subtitle={TEXT.ownersSubtitle}
          level={1}
          action={<Button onClick={() => setEditing('new')}>{TEXT.addOwner}</Button>}
        />
        {owners.state === 'loading' ? (
          <Spinner size="lg" />
        ) : owners.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={owners.message}
            action={<Button onClick={owners.retry}>{TEXT.retry}</Button>}
          />
        ) : owners.data.total === 0 ? (
          <EmptyState
            title={TEXT.ownersEmpty}
            hint={TEXT.ownersEmptyHint}
            action={<Button onClick={() => setEditing('new')}>{TEXT.addOwner}</Button>}
          />
        ) : (
          <ul className={styles.list} aria-label={TEXT.ownersTitle}>
            {owners.data.records.map((owner) => (
              <li key={owner.ownerId} className={styles.panel} aria-label={owner.name}>
                <div className={styles.spread}>
                  <div className={styles.itemBody}>
                    <span className={styles.itemTitle}>{owner.name}</span>
                    <span className={styles.itemMeta}>{ownerDetail(owner)}</span>
                  </div>
                  <div className={styles.row}>
                    {owner.inUse ? <StatusBadge tone="info">{TEXT.inUse}</StatusBadge> : null}
                    <Button variant="secondary" size="sm" onClick={() => setEditing(owner)}>
                      {TEXT.edit}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={owner.inUse}
                      onClick={() => setRemoving(owner)}
                    >
                      {TEXT.remove}
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing === null ? null : (
        <OwnerDialog
          owner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            reload()
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={TEXT.removeTitle}
        message={removing === null ? '' : TEXT.removeConfirm(removing.name)}
        confirmLabel={TEXT.remove}
        cancelLabel={TEXT.cancel}
        confirming={busy}
        onConfirm={() => {
          if (removing !== null) void remove(removing)
        }}
        onCancel={() => setRemoving(null)}
      />
    </PageContainer>
  )
}

function OwnerDialog({
  owner,
  onClose,
  onSaved,
}: {
  owner: CopyrightOwner | null
  onClose: () => void
  onSaved: () => void
}) {
  const { api, toasts } = useRuntime()
  const [draft, setDraft] = useState<OwnerDraft>(owner === null ? EMPTY : draftOf(owner))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)

  const set = <Key extends keyof OwnerDraft>(key: Key, value: OwnerDraft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined, form: undefined }))
  }

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault()
    const found = problemsOf(draft)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    try {
      const body = bodyOf(draft)
      if (owner === null) await addCopyrightOwner(api, body)
      else await updateCopyrightOwner(api, { ...body, ownerId: owner.ownerId })
      toasts.show('success', owner === null ? TEXT.ownerAdded : TEXT.ownerUpdated)
      onSaved()
    } catch (caught) {
      if (isRefusal(caught)) {
        setErrors({ [FIELD_OF_MESSAGE[caught.message] ?? 'form']: caught.message })
      } else if (caught instanceof Error) {
        toasts.show('error', caught.message)
      }
    } finally {
      setSaving(false)
    }
  }

  const person = draft.type === 'person'
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content size="lyric" closeLabel={TEXT.cancel}>
        <Dialog.Title>{owner === null ? TEXT.addOwner : TEXT.editOwner}</Dialog.Title>
        <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
          <SegmentedControl
            label={TEXT.ownerType}
            options={[
              { value: 'person', label: TEXT.person },
              { value: 'organization', label: TEXT.organization },
            ]}
            value={draft.type}
            onValueChange={(value: OwnerKind) => set('type', value)}
          />
          <TextField
            label={person ? TEXT.name : TEXT.orgName}
            value={draft.name}
            onValueChange={(value) => set('name', value)}
            maxLength={50}
            error={errors.name}
          />
          {person ? (
            <>
              <label className={styles.field}>
                <span className={styles.label}>{TEXT.idType}</span>
                <select
                  className={styles.select}
                  value={draft.idType}
                  onChange={(event) => set('idType', event.target.value as OwnerIdType)}
                >
                  {OWNER_ID_TYPES.map((idType) => (
                    <option key={idType} value={idType}>
                      {OWNER_ID_TYPE_LABELS[idType]}
                    </option>
                  ))}
                </select>
              </label>
              <TextField
                label={TEXT.idNumber}
                value={draft.idNumber}
                onValueChange={(value) => set('idNumber', value.toUpperCase())}
                maxLength={20}
                error={errors.idNumber}
              />
              <div className={styles.twoFields}>
                <TextField
                  label={TEXT.phone}
                  value={draft.phone}
                  onValueChange={(value) => set('phone', value)}
                  maxLength={20}
                  error={errors.phone}
                />
                <TextField
                  label={TEXT.address}
                  value={draft.address}
                  onValueChange={(value) => set('address', value)}
                  maxLength={100}
                  error={errors.address}
                />
              </div>
            </>
          ) : (
            <>
              <TextField
                label={TEXT.creditCode}
                hint={TEXT.creditCodeHint}
                value={draft.creditCode}
                onValueChange={(value) => set('creditCode', value.toUpperCase())}
                maxLength={18}
                error={errors.creditCode}
              />
              <TextField
                label={TEXT.contact}
                value={draft.contact}
                onValueChange={(value) => set('contact', value)}
                maxLength={50}
                error={errors.contact}
              />
            </>
          )}
          {errors.form === undefined ? null : (
            <p className={styles.error} role="alert">
              {errors.form}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="button" variant="secondary" onClick={onClose}>
              {TEXT.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {TEXT.save}
            </Button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
