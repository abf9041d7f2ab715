/**
 * Copyright owners (著作权人): the natural persons and organisations a user names in copyright
 * registrations. The fields were checked at the edge (GB 11643 check digits for resident IDs,
 * GB 32100 check characters for credit codes); here they are stored, listed and guarded: an owner
 * named by a registration cannot be removed, nor changed once that registration is submitted.
 */
import {
  REGISTRATION_MESSAGES as M,
  type CopyrightOwner,
  type CopyrightOwnerFields,
} from '@gy/api/registration'
import type { Kysely } from 'kysely'
import type { CopyrightOwnerRow, Database } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { isReferenceViolation, isUniqueViolation } from './registrations.errors'

const EDITABLE_STATUSES = ['draft', 'needs_correction'] as const

function columnsOf(fields: CopyrightOwnerFields) {
  return fields.type === 'person'
    ? {
        kind: 'person' as const,
        name: fields.name,
        id_type: fields.idType,
        id_number: fields.idNumber,
        credit_code: null,
        phone: fields.phone ?? '',
        address: fields.address ?? '',
        contact: '',
      }
    : {
        kind: 'organization' as const,
        name: fields.name,
        id_type: null,
        id_number: null,
        credit_code: fields.creditCode,
        phone: '',
        address: '',
        contact: fields.contact ?? '',
      }
}

export function toCopyrightOwner(row: CopyrightOwnerRow, inUse: boolean): CopyrightOwner {
  return {
    ownerId: row.id,
    type: row.kind,
    name: row.name,
    idType: row.id_type,
    idNumber: row.id_number,
    creditCode: row.credit_code,
    phone: row.phone,
    address: row.address,
    contact: row.contact,
    inUse,
    createdAt: row.created_at.toISOString(),
  }
}

/** The owner, if it is the user's: 404 when there is none, 403 when it is someone else's. */
export async function findOwnOwner(
  db: Kysely<Database>,
  userId: string,
  ownerId: string,
): Promise<CopyrightOwnerRow> {
  const owner = await db
    .selectFrom('copyright_owners')
    .selectAll()
    .where('id', '=', ownerId)
    .executeTakeFirst()
  if (owner === undefined) throw new EnvelopeError('404', M.ownerNotFound)
  if (owner.user_id !== userId) throw new EnvelopeError('403', M.ownerForbidden)
  return owner
}

export async function addCopyrightOwner(
  db: Kysely<Database>,
  userId: string,
  fields: CopyrightOwnerFields,
  now: Date,
): Promise<string> {
  try {
    const row = await db
      .insertInto('copyright_owners')
      .values({ user_id: userId, ...columnsOf(fields), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  } catch (error) {
    if (isUniqueViolation(error)) throw new EnvelopeError('409', M.ownerDuplicate)
    throw error
  }
}

export async function updateCopyrightOwner(
  db: Kysely<Database>,
  userId: string,
  ownerId: string,
  fields: CopyrightOwnerFields,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await findOwnOwner(transaction, userId, ownerId)
    // Lock the owner so a registration cannot be submitted with it while it changes.
    await transaction
      .selectFrom('copyright_owners')
      .select('id')
      .where('id', '=', ownerId)
      .forUpdate()
      .execute()
    const submitted = await transaction
      .selectFrom('copyright_registration_owners')
      .innerJoin(
        'copyright_registrations',
        'copyright_registrations.id',
        'copyright_registration_owners.registration_id',
      )
      .select('copyright_registrations.id')
      .where('copyright_registration_owners.owner_id', '=', ownerId)
      .where('copyright_registrations.status', 'not in', EDITABLE_STATUSES)
      .executeTakeFirst()
    if (submitted !== undefined) throw new EnvelopeError('409', M.ownerLocked)
    try {
      await transaction
        .updateTable('copyright_owners')
        .set({ ...columnsOf(fields), updated_at: now })
        .where('id', '=', ownerId)
        .execute()
    } catch (error) {
      if (isUniqueViolation(error)) throw new EnvelopeError('409', M.ownerDuplicate)
      throw error
    }
  })
}

export async function removeCopyrightOwner(
  db: Kysely<Database>,
  userId: string,
  ownerId: string,
): Promise<void> {
  await findOwnOwner(db, userId, ownerId)
  try {
    await db.deleteFrom('copyright_owners').where('id', '=', ownerId).execute()
  } catch (error) {
    // The registration's reference is RESTRICT: the database itself refuses, whatever races.
    if (isReferenceViolation(error)) throw new EnvelopeError('409', M.ownerInUse)
    throw error
  }
}

export async function listCopyrightOwners(
  db: Kysely<Database>,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ records: CopyrightOwner[]; total: number }> {
  const mine = db.selectFrom('copyright_owners').where('user_id', '=', userId)
  const [rows, count] = await Promise.all([
    mine
      .selectAll('copyright_owners')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('copyright_registration_owners')
              .select('owner_id')
              .whereRef('copyright_registration_owners.owner_id', '=', 'copyright_owners.id'),
          )
          .as('in_use'),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset((page.page - 1) * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    mine.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return {
    records: rows.map(({ in_use, ...row }) => toCopyrightOwner(row, Boolean(in_use))),
    total: Number(count.total),
  }
}
