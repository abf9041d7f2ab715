/**
 * The database as Kysely sees it: one interface per table, columns in snake_case as in SQL.
 * Add a table here in the same change as the migration that creates it.
 */
import type { AiCreationRecord } from '@gy/api/contract'
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'
// Votes and notices (votes branch).
import type { VotesDatabase } from './votesTypes'

/** A timestamptz column the database fills in by default. */
type CreatedAt = ColumnType<Date, Date | undefined, never>

export interface UsersTable {
  id: Generated<string>
  /** With its country prefix, e.g. 86:13800138000. */
  phone: string
  nick_name: string
  header_url: string
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | undefined, Date>
  /** Set when the account was cancelled and anonymised (migration 0018). */
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface SessionsTable {
  /** Lowercase hex SHA-256 of the access token; the token itself is never stored. */
  token_hash: string
  user_id: string
  created_at: CreatedAt
  expires_at: Date
  /** Set when a newer login of the same account replaced this session (answers 402). */
  superseded_at: Date | null
  /** Set on logout (answers 401). */
  revoked_at: Date | null
}

export interface RequestNoncesTable {
  nonce: string
  /** After this moment the request's timestamp is refused anyway, so the row can go. */
  expires_at: Date
}

export interface SmsCodesTable {
  id: Generated<string>
  phone: string
  /** Lowercase hex SHA-256 of `${id}:${code}`. */
  code_hash: string
  requester_ip: string
  created_at: CreatedAt
  expires_at: Date
  failed_attempts: Generated<number>
  consumed_at: Date | null
}

export interface LoginFailuresTable {
  id: Generated<number>
  requester_ip: string
  failed_at: CreatedAt
}

/** How the player receives a work: the MP3 file itself, or its HLS playlist. */
export type WorkDelivery = 'mp3' | 'hls'
export type WorkStatus = 'draft' | 'listed' | 'delisted'

export interface WorksTable {
  id: Generated<string>
  title: string
  artist: string
  owner_user_id: string | null
  /** Storage keys: lowercase hex SHA-256 of the stored bytes. */
  cover_key: string | null
  audio_key: string
  /** The stored HLS playlist template, once the work has been packaged. */
  hls_playlist_key: string | null
  delivery: ColumnType<WorkDelivery, WorkDelivery | undefined, WorkDelivery>
  duration_ms: number
  /** LRC text; '' when the work has none. */
  lyric: ColumnType<string, string | undefined, string>
  price_fen: ColumnType<number, number | undefined, number>
  status: ColumnType<WorkStatus, WorkStatus | undefined, WorkStatus>
  is_seed: ColumnType<boolean, boolean | undefined, boolean>
  seed_key: string | null
  /** The deposit a listing was made from; null for works that are not listings (the seed). */
  deposit_id: ColumnType<string | null, string | null | undefined, string | null>
  /** False while a listing's audio is prepared for the player; the store shows ready works only. */
  audio_ready: ColumnType<boolean, boolean | undefined, boolean>
  genre: ColumnType<string, string | undefined, string>
  /** The store category (store_categories.id); null when the work has none. */
  category_id: ColumnType<string | null, string | null | undefined, string | null>
  /** Plays counted once per listener per day (work_plays). */
  play_count: ColumnType<number, number | undefined, number>
  /** Title, artist and lyric without time tags, computed by the database; what keywords match. */
  search_text: ColumnType<string, never, never>
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | undefined, Date>
}

export type ChargeOrderStateColumn = 'created' | 'paid' | 'closed' | 'refunded'

export interface ChargeOrdersTable {
  order_id: string
  user_id: string
  /** Which provider took the order: only its notifications may settle it. */
  provider: string
  package_id: string | null
  amount_fen: number
  points: number
  state: ChargeOrderStateColumn
  provider_trade_id: string | null
  created_at: Date
  expires_at: Date
  paid_at: Date | null
  /** When the provider was last asked about the open order; null: never. */
  provider_checked_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** What the order buys: points, or a licence (its details in licence_orders). */
  purpose: ColumnType<ChargeOrderPurpose, ChargeOrderPurpose | undefined, never>
  /** The copyright registration whose fee this order pays; null for a plain top-up. */
  registration_id: ColumnType<string | null, string | null | undefined, string | null>
}

export type ChargeOrderPurpose = 'points' | 'licence'

/** bigint columns arrive as text (they may not fit a JS number); written as numbers. */
type BigintColumn = ColumnType<string, number | string, number | string>

export interface PointBalancesTable {
  user_id: string
  balance: BigintColumn
  updated_at: Date
}

export interface PointsLedgerTable {
  id: ColumnType<string, never, never>
  user_id: string
  kind: 'topup' | 'spend' | 'refund' | 'grant'
  /** Signed: positive for top-ups, refunds and grants, negative for spending. */
  amount: number
  balance_after: BigintColumn
  order_id: string | null
  job_id: string | null
  refund_of: string | null
  title: string
  created_at: Date
}

export interface SandboxOrdersTable {
  order_id: string
  amount_fen: number
  subject: string
  expires_at: Date
  notify_url: string
  return_url: string
  state: ChargeOrderStateColumn
  trade_id: string | null
  paid_at: Date | null
}

export type UploadPurpose = 'audio' | 'image'

/** A file a user uploaded; only its uploader may name its id (403 for anyone else). */
export interface UploadedFilesTable {
  id: Generated<string>
  owner_user_id: string
  purpose: UploadPurpose
  /** Lowercase hex SHA-256 of the bytes: the storage key and the file's sha256 at once. */
  storage_key: string
  content_type: string
  size: BigintColumn
  original_name: ColumnType<string, string | undefined, string>
  created_at: CreatedAt
  /** The AI result this file was kept from (`musicfy/keepResult`, migration 0014). */
  ai_result_id: ColumnType<string | null, string | null | undefined, string | null>
  /** That result's creation record, copied when it was kept: it outlives the job. */
  ai_creation: ColumnType<AiCreationRecord | null, string | null | undefined, string | null>
}

/** A copyright deposit (存证): one leaf of the deposit log. */
export interface DepositsTable {
  id: Generated<string>
  owner_user_id: string
  file_id: string
  cover_file_id: string | null
  certificate_no: string
  title: string
  lyric: ColumnType<string, string | undefined, string>
  genre: ColumnType<string, string | undefined, string>
  sha256: string
  deposited_at: Date
  log_index: BigintColumn
  certificate_key: string | null
  created_at: CreatedAt
}

// Uploads (files branch).
/** A stored image that is or was someone's avatar: served publicly at `/avatars/<storage_key>`. */
export interface AvatarImagesTable {
  storage_key: string
  created_at: CreatedAt
}

export type CertificationApplicationStatus = 'pending' | 'approved' | 'rejected'

export interface CertificationApplicationsTable {
  id: Generated<string>
  user_id: string
  real_name: string
  id_number_masked: string
  id_number_digest: string
  portfolio_links: ColumnType<string[], string, string>
  photo_file_id: string
  status: CertificationApplicationStatus
  reason: string | null
  reviewer_user_id: string | null
  submitted_at: Date
  reviewed_at: Date | null
}

export type UserRole = 'reviewer'

export interface UserRolesTable {
  user_id: string
  role: UserRole
  granted_at: CreatedAt
}

/** A complete subtree of the deposit log (RFC 9162 hashing); see migration 0009. */
export interface DepositLogNodesTable {
  level: number
  node_index: BigintColumn
  hash: Uint8Array
}

export type AiJobKindColumn = 'generate' | 'cover' | 'separate'
export type AiJobStateColumn = 'queued' | 'running' | 'succeeded' | 'failed'
export type AiResultRoleColumn = 'song' | 'cover' | 'vocals' | 'accompaniment'

/** An AI job (migration 0012): the user's view of the work, claimed by one worker at a time. */
export interface AiJobsTable {
  id: Generated<string>
  user_id: string
  kind: AiJobKindColumn
  state: AiJobStateColumn
  progress: ColumnType<number, number | undefined, number>
  title: string
  input: ColumnType<Record<string, unknown>, string, string>
  source_key: string | null
  points_charged: number
  engine: ColumnType<string, string | undefined, string>
  error: string | null
  attempts: ColumnType<number, number | undefined, number>
  retries: ColumnType<number, number | undefined, number>
  lease_until: Date | null
  created_at: Date
  queued_at: Date
  started_at: Date | null
  finished_at: Date | null
}

export interface AiResultsTable {
  id: Generated<string>
  job_id: string
  position: number
  role: AiResultRoleColumn
  name: string
  /** Null while a generated song still renders and is heard through its segments (0013). */
  audio_key: string | null
  cover_key: string | null
  lyric: ColumnType<string, string | undefined, string>
  duration_ms: number
  details: ColumnType<Record<string, unknown>, string | undefined, string>
  created_at: Date
}

/** One streamed segment of a song still rendering, in playlist order (migration 0013). */
export interface AiResultSegmentsTable {
  result_id: string
  sequence: number
  storage_key: string
  duration_ms: number
}

export interface AiSharesTable {
  id: Generated<string>
  result_id: string
  user_id: string
  audio_key: string
  upvotes: ColumnType<number, number | undefined, number>
  created_at: Date
}

export interface AiUpvotesTable {
  share_id: string
  user_id: string
  created_at: Date
}

export interface AiSingerPreviewsTable {
  singer_id: string
  engine: string
  audio_key: string
  created_at: Date
}

// The store (store branch).
export interface StoreCategoriesTable {
  id: string
  name: string
  sort_order: number
}

export interface StoreBannersTable {
  id: string
  title: string
  subtitle: ColumnType<string, string | undefined, string>
  link: string
  /** A seed work the banner shows and opens, when it is in the catalogue. */
  work_seed_key: string | null
  sort_order: number
  active: ColumnType<boolean, boolean | undefined, boolean>
}

/** Works the store shows, in all (category_id '') and per category, kept by a trigger. */
export interface StoreCountsTable {
  category_id: string
  works: number
}

export interface WorkPlaysTable {
  work_id: string
  /** Who played: a user id, or a digest of a visitor's address and browser. */
  listener: string
  /** The calendar day (UTC) of the play, as YYYY-MM-DD. */
  day: ColumnType<string, string, string>
}

// Licences and earnings (licence branch).
export type LicenceTypeColumn = 'personal' | 'commercial'

export interface LicenceOrdersTable {
  order_id: string
  goods_id: string
  buyer_user_id: string
  seller_user_id: string
  licence_type: LicenceTypeColumn
  work_title: string
  artist: string
  price_fen: number
  commission_percent: number
  created_at: Date
}

export interface LicencesTable {
  id: Generated<string>
  licence_no: string
  order_id: string
  goods_id: string
  buyer_user_id: string
  seller_user_id: string
  licence_type: LicenceTypeColumn
  granted_at: Date
  certificate_key: ColumnType<string | null, string | null | undefined, string | null>
  /** Set only on licences granted twice before migration 0021: the first one of the same kind. */
  duplicate_of: ColumnType<string | null, never, never>
}

export type PaymentRefundReason = 'licence_already_held' | 'registration_not_payable'

export interface PaymentRefundsTable {
  order_id: string
  refund_id: string
  amount_fen: number
  reason: PaymentRefundReason
  state: ColumnType<'pending' | 'refunded', 'pending' | undefined, 'refunded'>
  attempts: ColumnType<number, never, number>
  last_error: ColumnType<string | null, never, string | null>
  created_at: Date
  refunded_at: ColumnType<Date | null, never, Date>
}

export interface MusicianEarningsTable {
  id: ColumnType<string, never, never>
  seller_user_id: string
  order_id: string
  licence_id: string
  gross_fen: number
  commission_fen: number
  net_fen: number
  created_at: Date
}

export interface Database extends VotesDatabase {
  users: UsersTable
  sessions: SessionsTable
  request_nonces: RequestNoncesTable
  sms_codes: SmsCodesTable
  login_failures: LoginFailuresTable
  charge_orders: ChargeOrdersTable
  point_balances: PointBalancesTable
  points_ledger: PointsLedgerTable
  sandbox_orders: SandboxOrdersTable
  works: WorksTable
  uploaded_files: UploadedFilesTable
  deposits: DepositsTable
  deposit_log_nodes: DepositLogNodesTable
  certification_applications: CertificationApplicationsTable
  user_roles: UserRolesTable
  // Uploads (files branch).
  avatar_images: AvatarImagesTable
  ai_jobs: AiJobsTable
  ai_results: AiResultsTable
  ai_result_segments: AiResultSegmentsTable
  ai_shares: AiSharesTable
  ai_upvotes: AiUpvotesTable
  ai_singer_previews: AiSingerPreviewsTable
  // The store (store branch).
  store_categories: StoreCategoriesTable
  store_banners: StoreBannersTable
  work_plays: WorkPlaysTable
  // Licences and earnings (licence branch).
  licence_orders: LicenceOrdersTable
  licences: LicencesTable
  payment_refunds: PaymentRefundsTable
  musician_earnings: MusicianEarningsTable
  // Copyright registration (registration branch).
  copyright_owners: CopyrightOwnersTable
  copyright_registrations: CopyrightRegistrationsTable
  copyright_registration_owners: CopyrightRegistrationOwnersTable
  copyright_registration_events: CopyrightRegistrationEventsTable
  store_counts: StoreCountsTable
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type SessionRow = Selectable<SessionsTable>
export type SmsCodeRow = Selectable<SmsCodesTable>
export type WorkRow = Selectable<WorksTable>
export type NewWork = Insertable<WorksTable>
export type UploadedFileRow = Selectable<UploadedFilesTable>
export type DepositRow = Selectable<DepositsTable>
export type CertificationApplicationRow = Selectable<CertificationApplicationsTable>
export type AiJobRow = Selectable<AiJobsTable>
export type AiResultRow = Selectable<AiResultsTable>
export type AiShareRow = Selectable<AiSharesTable>

// Copyright registration (registration branch).
export interface CopyrightOwnersTable {
  id: Generated<string>
  user_id: string
  kind: 'person' | 'organization'
  name: string
  id_type: 'resident_id' | 'passport' | 'hk_macao_permit' | 'taiwan_permit' | null
  id_number: string | null
  credit_code: string | null
  phone: ColumnType<string, string | undefined, string>
  address: ColumnType<string, string | undefined, string>
  contact: ColumnType<string, string | undefined, string>
  created_at: Date
  updated_at: Date
}

export type RegistrationStatusColumn =
  | 'draft'
  | 'awaiting_payment'
  | 'submitted'
  | 'in_review'
  | 'needs_correction'
  | 'registered'
  | 'rejected'

export interface CopyrightRegistrationsTable {
  id: Generated<string>
  user_id: string
  deposit_id: string
  work_type: 'music' | 'lyrics' | 'audiovisual' | 'recording'
  title: string
  author_name: string
  /** A calendar day, YYYY-MM-DD. */
  created_on: string
  created_place: string
  published_on: string | null
  published_place: ColumnType<string, string | undefined, string>
  guarantee_accepted: boolean
  attachment_file_ids: ColumnType<string[], string, string>
  status: RegistrationStatusColumn
  note: string | null
  price_fen: number
  paid_with: 'points' | 'provider' | null
  paid_at: Date | null
  registration_no: string | null
  certificate_key: string | null
  reviewer_user_id: string | null
  created_at: Date
  updated_at: Date
}

export interface CopyrightRegistrationOwnersTable {
  registration_id: string
  owner_id: string
  share: number
  position: number
}

export interface CopyrightRegistrationEventsTable {
  id: Generated<BigintColumn>
  registration_id: string
  status: RegistrationStatusColumn
  note: string | null
  created_at: Date
}

export type CopyrightOwnerRow = Selectable<CopyrightOwnersTable>
export type CopyrightRegistrationRow = Selectable<CopyrightRegistrationsTable>
