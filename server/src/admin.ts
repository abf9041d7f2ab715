/**
 * `npm run admin -- <command>`: what only an operator at the server may do. Today: the reviewer
 * role of musician certification, which no API call can grant.
 *
 *   npm run admin -- grant-reviewer 86:13800138000
 *   npm run admin -- revoke-reviewer 86:13800138000
 *   npm run admin -- list-reviewers
 *   npm run admin -- list-votes
 *   npm run admin -- create-vote 新歌投票 2026-12-01T00:00:00+08:00 2026-12-31T00:00:00+08:00 5 2 \
 *     work:<musicId> text:城市民谣 text:国风新声
 *   npm run admin -- close-vote <activityId>
 *   npm run admin -- backup /backups/gy-2026-12-01.tar
 *   npm run admin -- restore /backups/gy-2026-12-01.tar [--replace]
 *
 * It opens the database the server's configuration names (DATA_DIR's embedded database, or
 * DATABASE_URL). The embedded database can be opened by one process at a time (it is locked,
 * plugins/database/dataDirLock.ts): stop the server first, or use PostgreSQL.
 */
import type { Kysely } from 'kysely'
import { BACKUP_USAGE, BackupError, runBackupCommand } from './backup/backup'
import type { Database } from './db/types'
import { openDatabase } from './plugins/database/database'
// Votes and notices (votes branch).
import { runVoteCommand, VOTE_USAGE } from './adminVotes'
import { loadConfigOrExit, lockRefusalOf } from './processLifecycle'

const USAGE = [
  'Usage: npm run admin -- <command>',
  '  grant-reviewer <phone>    make the user with this phone (86:13800138000) a reviewer',
  '  revoke-reviewer <phone>   take the reviewer role away',
  '  list-reviewers            list the reviewers',
  ...VOTE_USAGE,
  ...BACKUP_USAGE,
].join('\n')

export interface AdminResult {
  /** 0 done, 1 refused (unknown user...), 2 wrong usage. */
  exitCode: number
  output: string
}

const PHONE_PATTERN = /^86:\d{11}$/

async function userIdOf(db: Kysely<Database>, phone: string): Promise<string | undefined> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirst()
  return user?.id
}

/** Runs one command against `db`; the process wrapper below only opens, prints and exits. */
export async function runAdminCommand(
  db: Kysely<Database>,
  args: readonly string[],
): Promise<AdminResult> {
  const [command, phone] = args
  const voteResult = await runVoteCommand(db, args)
  if (voteResult !== null) return voteResult
  if (command === 'list-reviewers' && args.length === 1) {
    const rows = await db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['users.phone', 'users.nick_name', 'user_roles.granted_at'])
      .where('user_roles.role', '=', 'reviewer')
      .orderBy('user_roles.granted_at')
      .execute()
    if (rows.length === 0) return { exitCode: 0, output: 'No reviewers. 暂无审核员。' }
    return {
      exitCode: 0,
      output: rows
        .map((row) => `${row.phone}\t${row.nick_name}\t${row.granted_at.toISOString()}`)
        .join('\n'),
    }
  }
  if ((command === 'grant-reviewer' || command === 'revoke-reviewer') && args.length === 2) {
    if (phone === undefined || !PHONE_PATTERN.test(phone)) {
      return { exitCode: 2, output: `Not a phone number: ${phone ?? ''} (expected 86:13800138000)` }
    }
    const userId = await userIdOf(db, phone)
    if (userId === undefined) {
      return {
        exitCode: 1,
        output: `No user has logged in with ${phone}. 该手机号尚未登录过，无法设为审核员。`,
      }
    }
    if (command === 'grant-reviewer') {
      await db
        .insertInto('user_roles')
        .values({ user_id: userId, role: 'reviewer' })
        .onConflict((conflict) => conflict.columns(['user_id', 'role']).doNothing())
        .execute()
      return { exitCode: 0, output: `${phone} is a reviewer. 已设为审核员。` }
    }
    const removed = await db
      .deleteFrom('user_roles')
      .where('user_id', '=', userId)
      .where('role', '=', 'reviewer')
      .executeTakeFirst()
    return removed.numDeletedRows > 0n
      ? { exitCode: 0, output: `${phone} is no longer a reviewer. 已取消审核员。` }
      : { exitCode: 1, output: `${phone} was not a reviewer. 该用户不是审核员。` }
  }
  return { exitCode: 2, output: USAGE }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit()
  const args = process.argv.slice(2)
  // Backup and restore open (or make) the database themselves.
  const result =
    (await runBackupCommand(config, args)) ??
    (await (async () => {
      const db = await openDatabase(config.database)
      try {
        return await runAdminCommand(db, args)
      } finally {
        await db.destroy()
      }
    })())
  const print = result.exitCode === 0 ? console.log : console.error
  print(result.output)
  process.exitCode = result.exitCode
}

// Imported by its test for runAdminCommand; run as a program by `npm run admin`.
if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  main().catch((error: unknown) => {
    // A refusal the operator can act on is said in its own words; anything else with its stack.
    const refusal = error instanceof BackupError ? error : lockRefusalOf(error)
    if (refusal === null) console.error('The admin command failed:', error)
    else console.error(refusal.message)
    process.exit(1)
  })
}
