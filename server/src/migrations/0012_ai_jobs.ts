/**
 * The AI creation zone: jobs (generation, cover, separation), their results, shares and upvotes.
 * A job row is the user's view of the work and its truth: the queue only delivers it to a worker,
 * and a worker claims it here (state and lease) before running it, so a job is run by one worker
 * at a time however often the queue delivers it, and one whose worker died is found by its lease.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_jobs')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind IN ('generate', 'cover', 'separate')`),
    )
    .addColumn('state', 'text', (column) =>
      column.notNull().check(sql`state IN ('queued', 'running', 'succeeded', 'failed')`),
    )
    .addColumn('progress', 'real', (column) => column.notNull().defaultTo(0))
    .addColumn('title', 'text', (column) => column.notNull())
    // The request as accepted (the engine's input and what the history shows).
    .addColumn('input', 'jsonb', (column) => column.notNull())
    // The stored audio a cover or separation works on.
    .addColumn('source_key', 'text')
    .addColumn('points_charged', 'integer', (column) => column.notNull())
    .addColumn('engine', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('retries', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    // When it last joined the line (its submission, or a retry): its place in the queue.
    .addColumn('queued_at', 'timestamptz', (column) => column.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('ai_jobs_by_user')
    .on('ai_jobs')
    .columns(['user_id', 'created_at desc'])
    .execute()
  await db.schema
    .createIndex('ai_jobs_unsettled')
    .on('ai_jobs')
    .columns(['state', 'queued_at'])
    .where(sql.ref('state'), 'in', sql`('queued', 'running')`)
    .execute()

  await db.schema
    .createTable('ai_results')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('job_id', 'uuid', (column) =>
      column.notNull().references('ai_jobs.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('role', 'text', (column) =>
      column.notNull().check(sql`role IN ('song', 'cover', 'vocals', 'accompaniment')`),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('audio_key', 'text', (column) => column.notNull())
    .addColumn('cover_key', 'text')
    .addColumn('lyric', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('duration_ms', 'integer', (column) => column.notNull())
    // The creation record of a generated song: seed, key, tempo, style, engine.
    .addColumn('details', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addUniqueConstraint('ai_results_job_position', ['job_id', 'position'])
    .execute()

  await db.schema
    .createTable('ai_shares')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('result_id', 'uuid', (column) =>
      column.notNull().unique().references('ai_results.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // The result's file with the share written into its AIGC label (PropagateID).
    .addColumn('audio_key', 'text', (column) => column.notNull())
    .addColumn('upvotes', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('ai_shares_by_user')
    .on('ai_shares')
    .columns(['user_id', 'created_at desc'])
    .execute()

  await db.schema
    .createTable('ai_upvotes')
    .addColumn('share_id', 'uuid', (column) =>
      column.notNull().references('ai_shares.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('ai_upvotes_pkey', ['share_id', 'user_id'])
    .execute()

  // A few seconds of each singer preset, made once per engine version by a queued job.
  await db.schema
    .createTable('ai_singer_previews')
    .addColumn('singer_id', 'text', (column) => column.notNull())
    .addColumn('engine', 'text', (column) => column.notNull())
    .addColumn('audio_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('ai_singer_previews_pkey', ['singer_id', 'engine'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_singer_previews').execute()
  await db.schema.dropTable('ai_upvotes').execute()
  await db.schema.dropTable('ai_shares').execute()
  await db.schema.dropTable('ai_results').execute()
  await db.schema.dropTable('ai_jobs').execute()
}
