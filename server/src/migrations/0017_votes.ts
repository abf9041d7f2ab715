/**
 * Voting activities (投票活动) and notices (公告). Each option keeps its running total beside the
 * ballots it counts, the way a points balance sits beside its ledger: the total is read in one row
 * and is always the count of its ballots, because both change in the same statement. A user's
 * votes of one China day in one activity are one row, updated under its lock, so two tabs voting
 * at once take turns against the limits instead of both slipping under them.
 */
import { sql, type Kysely } from 'kysely'

/** The seeded welcome notice has a fixed id, so the app and the docs can link to it. */
export const WELCOME_NOTICE_ID = '00000000-0000-4000-8000-000000000001'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vote_activities')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    // A storage key; null: the cover of the first work among the options is shown.
    .addColumn('cover_key', 'text')
    .addColumn('start_at', 'timestamptz', (column) => column.notNull())
    .addColumn('end_at', 'timestamptz', (column) => column.notNull())
    .addColumn('votes_per_user_per_day', 'integer', (column) =>
      column.notNull().check(sql`votes_per_user_per_day > 0`),
    )
    .addColumn('votes_per_option_per_user', 'integer', (column) =>
      column.notNull().check(sql`votes_per_option_per_user > 0`),
    )
    .addColumn('view_count', 'bigint', (column) => column.notNull().defaultTo(0))
    // A reviewer closed it before its end.
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (column) => column.references('users.id').onDelete('set null'))
    // 'demo' for the activity a first start creates; null for reviewers' activities.
    .addColumn('seed_key', 'text', (column) => column.unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('vote_activities_period', sql`end_at > start_at`)
    .execute()
  await db.schema
    .createIndex('vote_activities_by_start')
    .on('vote_activities')
    .columns(['start_at desc', 'id'])
    .execute()

  await db.schema
    .createTable('vote_options')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('activity_id', 'uuid', (column) =>
      column.notNull().references('vote_activities.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    // A work of the catalogue (played in the global player), or null for a text-and-image option.
    .addColumn('work_id', 'uuid', (column) => column.references('works.id').onDelete('restrict'))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('image_key', 'text')
    .addColumn('votes', 'bigint', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`votes >= 0`),
    )
    .addUniqueConstraint('vote_options_one_work_per_activity', ['activity_id', 'work_id'])
    .execute()
  await db.schema
    .createIndex('vote_options_by_activity')
    .on('vote_options')
    .columns(['activity_id', 'position'])
    .execute()

  await db.schema
    .createTable('vote_user_days')
    .addColumn('activity_id', 'uuid', (column) =>
      column.notNull().references('vote_activities.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // The calendar day in China (UTC+8): the daily limit starts again at midnight Beijing time.
    .addColumn('china_day', 'date', (column) => column.notNull())
    .addColumn('used', 'integer', (column) => column.notNull().check(sql`used > 0`))
    // The same day's votes per option, {"<optionId>": n}: checked on the locked row, so the
    // per-option limit holds under concurrency as the daily one does.
    .addColumn('per_option', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'`))
    .addPrimaryKeyConstraint('vote_user_days_pkey', ['activity_id', 'user_id', 'china_day'])
    .execute()

  await db.schema
    .createTable('vote_ballots')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('activity_id', 'uuid', (column) =>
      column.notNull().references('vote_activities.id').onDelete('cascade'),
    )
    .addColumn('option_id', 'uuid', (column) =>
      column.notNull().references('vote_options.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('china_day', 'date', (column) => column.notNull())
    .addColumn('cast_at', 'timestamptz', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('vote_ballots_by_user_day')
    .on('vote_ballots')
    .columns(['activity_id', 'user_id', 'china_day', 'option_id'])
    .execute()
  await db.schema
    .createIndex('vote_ballots_by_option')
    .on('vote_ballots')
    .column('option_id')
    .execute()

  // One view per viewer (a user, or a visitor's address) per activity per China day.
  await db.schema
    .createTable('vote_views')
    .addColumn('activity_id', 'uuid', (column) =>
      column.notNull().references('vote_activities.id').onDelete('cascade'),
    )
    .addColumn('viewer_key', 'text', (column) => column.notNull())
    .addColumn('china_day', 'date', (column) => column.notNull())
    .addPrimaryKeyConstraint('vote_views_pkey', ['activity_id', 'viewer_key', 'china_day'])
    .execute()

  await db.schema
    .createTable('notices')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('published_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`
    INSERT INTO notices (id, title, content)
    VALUES (${WELCOME_NOTICE_ID}, ${WELCOME_TITLE}, ${WELCOME_CONTENT})
    ON CONFLICT (id) DO NOTHING
  `.execute(db)
}

const WELCOME_TITLE = '欢迎来到 GY音乐'
const WELCOME_CONTENT = [
  'GY音乐是为音乐人打造的平台：在这里，你可以为自己的作品做版权存证，拿到可以公开核验的存证证书；可以把作品挂牌，授权给需要的人；也可以用 AI 创作中心写歌、翻唱和分离人声。',
  '新上线的投票活动里，你可以为喜欢的作品和创作方向投票。每个活动都写明了每天能投几票、同一选项最多投几票，票数实时更新。',
  '使用中遇到问题，可以在「使用帮助」里找到答案，也可以通过页面底部的联系方式找到我们。祝你在 GY音乐 玩得开心，写出更多好歌。',
].join('\n\n')

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notices').execute()
  await db.schema.dropTable('vote_views').execute()
  await db.schema.dropTable('vote_ballots').execute()
  await db.schema.dropTable('vote_user_days').execute()
  await db.schema.dropTable('vote_options').execute()
  await db.schema.dropTable('vote_activities').execute()
}
