/**
 * Copyright deposits (存证): a user's audio file becomes a leaf of the public deposit log, gets a
 * certificate number and a certificate PDF carrying its inclusion proof. One transaction holds the
 * log's lock from the size it reads to the row it writes, so leaf indexes have no gaps and a
 * failure anywhere (a duplicate, the PDF, the storage) leaves neither a deposit nor a leaf.
 * A file kept from an AI result (`musicfy/keepResult`) brings its creation record: the deposit's
 * record and its certificate PDF show it as the depositor's creative input.
 */
import type { Checkpoint, DepositRecord, VerifyResult } from '@gy/api/contract'
import { leafText } from '@gy/api/merkle'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { renderCertificatePdf } from '../certificates/certificatePdf'
import { lockUntilCommit } from '../db/advisoryLock'
import type { Database, DepositRow, UserRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { publicLink } from '../http/publicLink'
import { appendLeaf, inclusionProof, logSize, rootHashAt } from './depositLog'
import type { DepositLogSigner } from './depositLogKey'
import { findOwnedFile } from './files.repository'
import { listingsOfDeposits } from './listings.repository'

const LOG_LOCK = 'deposit-log-append'
const PDF_TYPE = 'application/pdf'
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000

/** GYCD-20261124-00000042: the date in China and the leaf's index, so numbers never collide. */
export function certificateNumber(logIndex: number, depositedAt: Date): string {
  const day = new Date(depositedAt.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10)
  return `GYCD-${day.replaceAll('-', '')}-${String(logIndex).padStart(8, '0')}`
}

/** The unique index on deposits.sha256 (PostgreSQL's name for a column's UNIQUE). */
const ONE_DEPOSIT_PER_FILE = 'deposits_sha256_key'

function isDuplicateFile(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === ONE_DEPOSIT_PER_FILE
  )
}

export interface DepositRequest {
  fileId: string
  title: string
  lyric?: string | undefined
  genre?: string | undefined
  coverFileId?: string | undefined
}

/** The signed tree head of the first `treeSize` leaves. */
export async function checkpointAt(
  db: Kysely<Database>,
  signer: DepositLogSigner,
  treeSize: number,
): Promise<Checkpoint> {
  const rootHash = await rootHashAt(db, treeSize)
  return {
    treeSize,
    rootHash,
    signature: signer.signCheckpoint(treeSize, rootHash),
    publicKey: signer.publicKey,
  }
}

export async function makeDeposit(
  app: FastifyInstance,
  signer: DepositLogSigner,
  user: UserRow,
  request: DepositRequest,
): Promise<DepositRow> {
  try {
    return await app.db.transaction().execute(async (trx) => {
      await lockUntilCommit(trx, LOG_LOCK)
      const audio = await findOwnedFile(trx, user.id, request.fileId, 'audio')
      const cover =
        request.coverFileId === undefined
          ? null
          : await findOwnedFile(trx, user.id, request.coverFileId, 'image')
      const existing = await trx
        .selectFrom('deposits')
        .select('id')
        .where('sha256', '=', audio.storage_key)
        .executeTakeFirst()
      if (existing !== undefined) throw new EnvelopeError('409', MESSAGES.depositDuplicate)

      const logIndex = await logSize(trx)
      const depositedAt = app.clock()
      const certificateNo = certificateNumber(logIndex, depositedAt)
      const appended = await appendLeaf(
        trx,
        logIndex,
        leafText(certificateNo, audio.storage_key, depositedAt.toISOString()),
      )
      const treeSize = logIndex + 1
      const pdf = await renderCertificatePdf({
        certificateNo,
        title: request.title,
        ownerName: user.nick_name,
        depositedAt: depositedAt.toISOString(),
        sha256: audio.storage_key,
        logIndex,
        genre: request.genre ?? '',
        checkpoint: {
          treeSize,
          rootHash: appended.rootHash,
          signature: signer.signCheckpoint(treeSize, appended.rootHash),
          publicKey: signer.publicKey,
        },
        inclusionPath: appended.path,
        aiCreation: audio.ai_creation,
        verifyUrl: publicLink(
          app.config.publicBaseUrl,
          `/verify?certificateNo=${encodeURIComponent(certificateNo)}`,
        ),
      })
      // Content-addressed: if the transaction fails after this, the bytes belong to no deposit
      // and the next identical certificate (none: the number is unique) would reuse them.
      const stored = await app.storage.put(pdf, PDF_TYPE)
      return trx
        .insertInto('deposits')
        .values({
          owner_user_id: user.id,
          file_id: audio.id,
          cover_file_id: cover?.id ?? null,
          certificate_no: certificateNo,
          title: request.title,
          lyric: request.lyric ?? '',
          genre: request.genre ?? '',
          sha256: audio.storage_key,
          deposited_at: depositedAt,
          log_index: logIndex,
          certificate_key: stored.key,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  } catch (error) {
    // The same bytes deposited by two requests at once: the unique index lets one through.
    if (isDuplicateFile(error)) throw new EnvelopeError('409', MESSAGES.depositDuplicate)
    throw error
  }
}

/** Signed links to a deposit's files, valid for 3600 s. */
function signedLink(app: FastifyInstance, key: string | null, name: string): string {
  if (key === null) return ''
  return publicLink(app.config.publicBaseUrl, app.fileUrls.urlFor(key, name, app.clock()))
}

export function certificateUrlOf(app: FastifyInstance, deposit: DepositRow): string {
  return signedLink(app, deposit.certificate_key, `${deposit.certificate_no}.pdf`)
}

/** The records the lists and the certificate page show, each with its proof at deposit time. */
export async function toDepositRecords(
  app: FastifyInstance,
  signer: DepositLogSigner,
  deposits: readonly DepositRow[],
): Promise<DepositRecord[]> {
  if (deposits.length === 0) return []
  const ids = deposits.map((deposit) => deposit.id)
  const [details, listings] = await Promise.all([
    app.db
      .selectFrom('deposits')
      .innerJoin('users', 'users.id', 'deposits.owner_user_id')
      .innerJoin('uploaded_files as audio', 'audio.id', 'deposits.file_id')
      .leftJoin('uploaded_files as cover', 'cover.id', 'deposits.cover_file_id')
      .select([
        'deposits.id',
        'users.nick_name',
        'audio.storage_key as audio_key',
        'audio.content_type',
        'audio.size',
        'audio.ai_creation',
        'cover.storage_key as cover_key',
      ])
      .where('deposits.id', 'in', ids)
      .execute(),
    listingsOfDeposits(app.db, ids),
  ])
  const detailOf = new Map(details.map((detail) => [detail.id, detail]))
  return Promise.all(
    deposits.map(async (deposit): Promise<DepositRecord> => {
      const detail = detailOf.get(deposit.id)
      const logIndex = Number(deposit.log_index)
      const treeSize = logIndex + 1
      const [checkpoint, proof] = await Promise.all([
        checkpointAt(app.db, signer, treeSize),
        inclusionProof(app.db, logIndex, treeSize),
      ])
      return {
        depositId: deposit.id,
        certificateNo: deposit.certificate_no,
        title: deposit.title,
        sha256: deposit.sha256,
        depositedAt: deposit.deposited_at.toISOString(),
        logIndex,
        certificateUrl: certificateUrlOf(app, deposit),
        genre: deposit.genre,
        lyric: deposit.lyric,
        ownerName: detail?.nick_name ?? '',
        coverUrl: signedLink(app, detail?.cover_key ?? null, 'cover'),
        audioUrl: signedLink(app, detail?.audio_key ?? null, 'audio'),
        contentType: detail?.content_type ?? '',
        size: Number(detail?.size ?? 0),
        checkpoint,
        inclusionPath: proof.path,
        listing: listings.get(deposit.id) ?? null,
        aiCreation: detail?.ai_creation ?? null,
      }
    }),
  )
}

/** Whether a file's SHA-256 is in the log, with its inclusion proof in the log as it is now. */
export async function verifyDeposit(db: Kysely<Database>, sha256: string): Promise<VerifyResult> {
  const deposit = await db
    .selectFrom('deposits')
    .innerJoin('users', 'users.id', 'deposits.owner_user_id')
    .select([
      'deposits.certificate_no',
      'deposits.title',
      'deposits.deposited_at',
      'deposits.log_index',
      'users.nick_name',
    ])
    .where('deposits.sha256', '=', sha256)
    .executeTakeFirst()
  if (deposit === undefined) return { found: false }
  const logIndex = Number(deposit.log_index)
  const treeSize = await logSize(db)
  const { path } = await inclusionProof(db, logIndex, treeSize)
  return {
    found: true,
    deposit: {
      certificateNo: deposit.certificate_no,
      title: deposit.title,
      depositedAt: deposit.deposited_at.toISOString(),
      logIndex,
      ownerName: deposit.nick_name,
    },
    treeSize,
    inclusionPath: path,
  }
}
