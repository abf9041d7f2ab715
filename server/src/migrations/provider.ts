/**
 * Every migration, in order. A static list rather than a folder scan, so bundling or moving the
 * server cannot silently lose one. Add new ones at the end with the next number; never edit an
 * applied one.
 */
import type { Migration, MigrationProvider } from 'kysely/migration'
import * as accounts from './0001_accounts'
import * as admitRequests from './0002_admit_requests'
import * as works from './0003_works'
import * as points from './0004_points'
import * as leanAdmission from './0005_lean_admission'
import * as queueReconciliation from './0006_queue_reconciliation'
import * as musiciansZone from './0007_musicians_zone'
// Uploads (files branch).
import * as avatars from './0008_avatars'
import * as depositLog from './0009_deposit_log'
import * as listings from './0010_listings'
import * as certification from './0011_certification'
import * as aiJobs from './0012_ai_jobs'
import * as aiLiveSongs from './0013_ai_live_songs'
import * as aiKeptResults from './0014_ai_kept_results'
// The store (store branch).
import * as storeSearch from './0015_store_search'
// Licences and earnings (licence branch).
import * as licences from './0016_licences'
// Votes and notices (votes branch).
import * as votes from './0017_votes'
// Account cancellation (mobile branch).
import * as accountCancellation from './0018_account_cancellation'
// Copyright registration (registration branch).
import * as copyrightRegistration from './0019_copyright_registration'
// Store search speed (store branch).
import * as storeSearchSpeed from './0020_store_search_speed'
// Money paid once (issue 30).
import * as paidOnce from './0021_paid_once'

const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_admit_requests': admitRequests,
  '0003_works': works,
  '0004_points': points,
  '0005_lean_admission': leanAdmission,
  '0006_queue_reconciliation': queueReconciliation,
  '0007_musicians_zone': musiciansZone,
  // Uploads (files branch).
  '0008_avatars': avatars,
  '0009_deposit_log': depositLog,
  '0010_listings': listings,
  // Certification (certification branch).
  '0011_certification': certification,
  '0012_ai_jobs': aiJobs,
  '0013_ai_live_songs': aiLiveSongs,
  '0014_ai_kept_results': aiKeptResults,
  // The store (store branch).
  '0015_store_search': storeSearch,
  // Licences and earnings (licence branch).
  '0016_licences': licences,
  // Votes and notices (votes branch).
  '0017_votes': votes,
  // Account cancellation (mobile branch).
  '0018_account_cancellation': accountCancellation,
  // Copyright registration (registration branch).
  '0019_copyright_registration': copyrightRegistration,
  // Store search speed (store branch).
  '0020_store_search_speed': storeSearchSpeed,
  '0021_paid_once': paidOnce,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
}
