/**
 * Administrative copyright registration (作品登记): the applicant's drafts, submission, the
 * reviewers' decisions and the records the pages show. Every status change goes through
 * `registrationStatusMachine` (packages/machines), the same machine the pages read their buttons
 * from, inside one transaction that locks the registration row: an impossible or raced change is
 * a 409 and nothing of it is saved.
 */
import {
  nextRegistrationStatus,
  type RegistrationEventType,
  type RegistrationStatus,
} from '@gy/machines'
import { POINTS_PER_YUAN } from '@gy/api/contract'
import {
  REGISTRATION_MESSAGES as M,
  REGISTRATION_PRICE_FEN,
  chinaToday,
  registrationDateProblem,
  type RegistrationFields,
  type RegistrationRecord,
  type RegistrationReviewAction,
  type RegistrationStatusValue,
} from '@gy/api/registration'
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { CopyrightRegistrationRow, Database, UserRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { publicLink } from '../http/publicLink'
import { requireReviewer } from './certification'
import { findOwnOwner } from './copyrightOwners'
import { findOwnedFile } from './files.repository'

// The machine (packages/machines), the contract (packages/api) and the table name the same
// statuses; neither package may import the other, so a list that drifts fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const STATUSES_AGREE: Same<RegistrationStatus, RegistrationStatusValue> &
  Same<RegistrationStatus, CopyrightRegistrationRow['status']> = true
void STATUSES_AGREE

export function registrationPrice(): { priceFen: number; points: number } {
  return {
    priceFen: REGISTRATION_PRICE_FEN,
    points: Math.round((REGISTRATION_PRICE_FEN * POINTS_PER_YUAN) / 100),
  }
}

/** The ledger's job id of a registration's fee: one spend per registration, ever. */
export function feeJobId(registrationId: string): string {
  return `registration:${registrationId}`
}

/** Runs `work` in the caller's transaction if `db` is one, else in a new one. */
export function inTransaction<Result>(
  db: Kysely<Database>,
  work: (transaction: Kysely<Database>) => Promise<Result>,
): Promise<Result> {
  if (db.isTransaction) return work(db)
  return db.transaction().execute(work)
}

/** The registration, locked until the transaction ends: 404 when none, 403 when not the user's. */
export async function lockOwnRegistration(
  transaction: Kysely<Database>,
  userId: string | null,
  registrationId: string,
): Promise<CopyrightRegistrationRow> {
  const row = await transaction
    .selectFrom('copyright_registrations')
    .selectAll()
    .where('id', '=', registrationId)
    .forUpdate()
    .executeTakeFirst()
  if (row === undefined) throw new EnvelopeError('404', M.registrationNotFound)
  if (userId !== null && row.user_id !== userId) {
    throw new EnvelopeError('403', M.registrationForbidden)
  }
  return row
}

/**
 * Moves a locked registration along `event`, recording the change in its history; 409 with
 * `refusal` when the machine does not accept the event in the current status.
 */
export async function moveRegistration(
  transaction: Kysely<Database>,
  row: CopyrightRegistrationRow,
  event: RegistrationEventType,
  now: Date,
  changes: Partial<{
    note: string | null
    paid_with: 'points' | 'provider'
    paid_at: Date
    registration_no: string
    certificate_key: string
    reviewer_user_id: string
  }> = {},
  refusal: string = M.registrationTransitionRefused,
): Promise<RegistrationStatus> {
  const next = nextRegistrationStatus(row.status, event)
  if (next === null) throw new EnvelopeError('409', refusal)
  await transaction
    .updateTable('copyright_registrations')
    .set({ status: next, updated_at: now, ...changes })
    .where('id', '=', row.id)
    .execute()
  await transaction
    .insertInto('copyright_registration_events')
    .values({
      registration_id: row.id,
      status: next,
      note: changes.note ?? null,
      created_at: now,
    })
    .execute()
  return next
}

/** Checks what the schemas cannot: ownership of everything named, and dates against today. */
async function checkFields(
  transaction: Kysely<Database>,
  user: UserRow,
  fields: RegistrationFields,
  now: Date,
): Promise<void> {
  const problem = registrationDateProblem(fields.createdOn, fields.publishedOn, chinaToday(now))
  if (problem !== null) throw new EnvelopeError('400', M[problem])
  const deposit = await transaction
    .selectFrom('deposits')
    .select(['id', 'owner_user_id'])
    .where('id', '=', fields.depositId)
    .executeTakeFirst()
  if (deposit === undefined) throw new EnvelopeError('404', '存证记录不存在')
  if (deposit.owner_user_id !== user.id) {
    throw new EnvelopeError('403', M.registrationDepositForbidden)
  }
  for (const owner of fields.owners) await findOwnOwner(transaction, user.id, owner.ownerId)
  for (const fileId of fields.attachmentFileIds) {
    await findOwnedFile(transaction, user.id, fileId, 'image')
  }
}

function columnsOf(fields: RegistrationFields) {
  const published = fields.publishedOn ?? null
  return {
    deposit_id: fields.depositId,
    work_type: fields.workType,
    title: fields.title,
    author_name: fields.authorName,
    created_on: fields.createdOn,
    created_place: fields.createdPlace,
    published_on: published,
    published_place: published === null ? '' : (fields.publishedPlace ?? ''),
    guarantee_accepted: fields.guaranteeAccepted,
    attachment_file_ids: JSON.stringify(fields.attachmentFileIds),
  }
}

async function replaceOwners(
  transaction: Kysely<Database>,
  registrationId: string,
  owners: RegistrationFields['owners'],
): Promise<void> {
  await transaction
    .deleteFrom('copyright_registration_owners')
    .where('registration_id', '=', registrationId)
    .execute()
  await transaction
    .insertInto('copyright_registration_owners')
    .values(
      owners.map((owner, position) => ({
        registration_id: registrationId,
        owner_id: owner.ownerId,
        share: owner.share,
        position,
      })),
    )
    .execute()
}

export async function addRegistration(
  app: FastifyInstance,
  user: UserRow,
  fields: RegistrationFields,
): Promise<{ registrationId: string; status: RegistrationStatus }> {
  const now = app.clock()
  return app.db.transaction().execute(async (transaction) => {
    await checkFields(transaction, user, fields, now)
    const row = await transaction
      .insertInto('copyright_registrations')
      .values({
        user_id: user.id,
        ...columnsOf(fields),
        status: 'draft',
        price_fen: registrationPrice().priceFen,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow()
    await replaceOwners(transaction, row.id, fields.owners)
    await transaction
      .insertInto('copyright_registration_events')
      .values({ registration_id: row.id, status: 'draft', note: null, created_at: now })
      .execute()
    return { registrationId: row.id, status: row.status }
  })
}

export async function updateRegistration(
  app: FastifyInstance,
  user: UserRow,
  registrationId: string,
  fields: RegistrationFields,
): Promise<{ registrationId: string; status: RegistrationStatus }> {
  const now = app.clock()
  return app.db.transaction().execute(async (transaction) => {
    const row = await lockOwnRegistration(transaction, user.id, registrationId)
    if (nextRegistrationStatus(row.status, 'registration.edit') === null) {
      throw new EnvelopeError('409', M.registrationNotEditable)
    }
    await checkFields(transaction, user, fields, now)
    await transaction
      .updateTable('copyright_registrations')
      .set({ ...columnsOf(fields), updated_at: now })
      .where('id', '=', row.id)
      .execute()
    await replaceOwners(transaction, row.id, fields.owners)
    return { registrationId: row.id, status: row.status }
  })
}

/**
 * Submits a draft (then it waits for its fee) or a corrected application (paid the first time,
 * so it goes straight back to the reviewers).
 */
export async function submitRegistration(
  app: FastifyInstance,
  user: UserRow,
  registrationId: string,
): Promise<{ registrationId: string; status: RegistrationStatus }> {
  const now = app.clock()
  return app.db.transaction().execute(async (transaction) => {
    const row = await lockOwnRegistration(transaction, user.id, registrationId)
    if (nextRegistrationStatus(row.status, 'registration.submit') === null) {
      throw new EnvelopeError('409', M.registrationNotEditable)
    }
    if (!row.guarantee_accepted) throw new EnvelopeError('400', M.guaranteeRequired)
    const problem = registrationDateProblem(row.created_on, row.published_on, chinaToday(now))
    if (problem !== null) throw new EnvelopeError('400', M[problem])
    const status = await moveRegistration(transaction, row, 'registration.submit', now, {
      note: null,
    })
    return { registrationId: row.id, status }
  })
}

const REVIEW_EVENTS: Record<RegistrationReviewAction, RegistrationEventType> = {
  start: 'review.start',
  requestCorrection: 'review.requestCorrection',
  register: 'review.register',
  reject: 'review.reject',
}

/** 音乐 B, 文字 A, 视听 I (the authorities' letters), and L for a recording. */
const TYPE_LETTERS = { music: 'B', lyrics: 'A', audiovisual: 'I', recording: 'L' } as const

/**
 * A reviewer's decision. Registering issues the platform's registration number and renders the
 * certificate PDF (stored content-addressed before the transaction, so a failed commit leaves
 * only unreferenced bytes).
 */
export async function reviewRegistration(
  app: FastifyInstance,
  reviewer: UserRow,
  decision: { registrationId: string; action: RegistrationReviewAction; note?: string | undefined },
  renderCertificate: (
    transaction: Kysely<Database>,
    row: CopyrightRegistrationRow,
    registrationNo: string,
    registeredAt: Date,
  ) => Promise<Uint8Array>,
): Promise<RegistrationStatus> {
  await requireReviewer(app.db, reviewer)
  const now = app.clock()
  return app.db.transaction().execute(async (transaction) => {
    const row = await lockOwnRegistration(transaction, null, decision.registrationId)
    const event = REVIEW_EVENTS[decision.action]
    if (nextRegistrationStatus(row.status, event) === null) {
      throw new EnvelopeError('409', M.registrationTransitionRefused)
    }
    const changes: Parameters<typeof moveRegistration>[4] = {
      reviewer_user_id: reviewer.id,
      note:
        decision.action === 'start' || decision.action === 'register'
          ? null
          : (decision.note ?? null),
    }
    if (decision.action === 'register') {
      const sequence = await sql<{ value: string }>`
        SELECT nextval('copyright_registration_numbers')::text AS value
      `.execute(transaction)
      const year = chinaToday(now).slice(0, 4)
      const serial = (sequence.rows[0]?.value ?? '0').padStart(8, '0')
      const registrationNo = `GYDJ-${year}-${TYPE_LETTERS[row.work_type]}-${serial}`
      const pdf = await renderCertificate(transaction, row, registrationNo, now)
      const stored = await app.storage.put(pdf, 'application/pdf')
      changes.registration_no = registrationNo
      changes.certificate_key = stored.key
    }
    return moveRegistration(transaction, row, event, now, changes)
  })
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface RegistrationDetails {
  row: CopyrightRegistrationRow
  depositCertificateNo: string
  owners: {
    ownerId: string
    name: string
    type: 'person' | 'organization'
    share: number
    idType: string | null
    idNumber: string | null
    creditCode: string | null
    phone: string
    address: string
    contact: string
  }[]
  history: { status: RegistrationStatus; note: string | null; at: Date }[]
  attachmentKeys: { fileId: string; storageKey: string }[]
}

/** Everything shown of `rows`, read in a few queries whatever their number. */
export async function registrationDetails(
  db: Kysely<Database>,
  rows: readonly CopyrightRegistrationRow[],
): Promise<RegistrationDetails[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const fileIds = [...new Set(rows.flatMap((row) => row.attachment_file_ids))]
  const [deposits, owners, events, files] = await Promise.all([
    db
      .selectFrom('deposits')
      .select(['id', 'certificate_no'])
      .where(
        'id',
        'in',
        rows.map((row) => row.deposit_id),
      )
      .execute(),
    db
      .selectFrom('copyright_registration_owners')
      .innerJoin(
        'copyright_owners',
        'copyright_owners.id',
        'copyright_registration_owners.owner_id',
      )
      .selectAll('copyright_owners')
      .select([
        'copyright_registration_owners.registration_id',
        'copyright_registration_owners.share',
      ])
      .where('copyright_registration_owners.registration_id', 'in', ids)
      .orderBy('copyright_registration_owners.position')
      .execute(),
    db
      .selectFrom('copyright_registration_events')
      .selectAll()
      .where('registration_id', 'in', ids)
      .orderBy('id')
      .execute(),
    fileIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('uploaded_files')
          .select(['id', 'storage_key'])
          .where('id', 'in', fileIds)
          .execute(),
  ])
  const certificateOf = new Map(deposits.map((deposit) => [deposit.id, deposit.certificate_no]))
  const keyOf = new Map(files.map((file) => [file.id, file.storage_key]))
  return rows.map((row) => ({
    row,
    depositCertificateNo: certificateOf.get(row.deposit_id) ?? '',
    owners: owners
      .filter((owner) => owner.registration_id === row.id)
      .map((owner) => ({
        ownerId: owner.id,
        name: owner.name,
        type: owner.kind,
        share: owner.share,
        idType: owner.id_type,
        idNumber: owner.id_number,
        creditCode: owner.credit_code,
        phone: owner.phone,
        address: owner.address,
        contact: owner.contact,
      })),
    history: events
      .filter((event) => event.registration_id === row.id)
      .map((event) => ({ status: event.status, note: event.note, at: event.created_at })),
    attachmentKeys: row.attachment_file_ids.flatMap((fileId) => {
      const storageKey = keyOf.get(fileId)
      return storageKey === undefined ? [] : [{ fileId, storageKey }]
    }),
  }))
}

function signedLink(app: FastifyInstance, key: string, name: string): string {
  return publicLink(app.config.publicBaseUrl, app.fileUrls.urlFor(key, name, app.clock()))
}

export function toRegistrationRecord(
  app: FastifyInstance,
  details: RegistrationDetails,
): RegistrationRecord {
  const { row } = details
  const noteShown = row.status === 'needs_correction' || row.status === 'rejected'
  return {
    registrationId: row.id,
    depositId: row.deposit_id,
    depositCertificateNo: details.depositCertificateNo,
    workType: row.work_type,
    title: row.title,
    authorName: row.author_name,
    createdOn: row.created_on,
    createdPlace: row.created_place,
    publishedOn: row.published_on,
    publishedPlace: row.published_place,
    owners: details.owners.map(({ ownerId, name, type, share }) => ({
      ownerId,
      name,
      type,
      share,
    })),
    guaranteeAccepted: row.guarantee_accepted,
    attachments: details.attachmentKeys.map(({ fileId, storageKey }) => ({
      fileId,
      url: signedLink(app, storageKey, 'attachment'),
    })),
    status: row.status,
    note: noteShown ? row.note : null,
    registrationNo: row.registration_no,
    certificateUrl:
      row.certificate_key === null || row.registration_no === null
        ? null
        : signedLink(app, row.certificate_key, `${row.registration_no}.pdf`),
    priceFen: row.price_fen,
    paidWith: row.paid_with,
    paidAt: row.paid_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    history: details.history.map((event) => ({
      status: event.status,
      note: event.note,
      at: event.at.toISOString(),
    })),
  }
}

export async function listRegistrations(
  app: FastifyInstance,
  filter: { userId: string } | { reviewQueue: true },
  page: { page: number; pageSize: number },
): Promise<{ records: RegistrationRecord[]; total: number }> {
  const base =
    'userId' in filter
      ? app.db.selectFrom('copyright_registrations').where('user_id', '=', filter.userId)
      : app.db
          .selectFrom('copyright_registrations')
          .where('status', 'in', ['submitted', 'in_review'])
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('updated_at', 'userId' in filter ? 'desc' : 'asc')
      .orderBy('id')
      .offset((page.page - 1) * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  const details = await registrationDetails(app.db, rows)
  return {
    records: details.map((detail) => toRegistrationRecord(app, detail)),
    total: Number(count.total),
  }
}
