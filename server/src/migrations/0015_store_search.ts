/**
 * The store: categories (mallDictionary), banners (musicBanner), play counts, and search by title,
 * artist or lyric through a pg_trgm GIN index, so a keyword (Chinese included: pg_trgm treats CJK
 * characters as word characters in a UTF-8 database) is looked up in the index, not by a scan.
 */
import { sql, type Kysely } from 'kysely'

const CATEGORIES: readonly [id: string, name: string][] = [
  ['pop', '流行'],
  ['folk', '民谣'],
  ['ancient', '古风'],
  ['rock', '摇滚'],
  ['jazz', '爵士'],
  ['electronic', '电子'],
  ['lofi', '轻音乐'],
  ['hiphop', '说唱'],
]

/** Banners point at real pages; one points at a seed work, resolved when the list is read. */
const BANNERS: readonly {
  id: string
  title: string
  subtitle: string
  link: string
  workSeedKey: string | null
}[] = [
  {
    id: 'store-opening',
    title: '版权音乐商城',
    subtitle: '每一首都有存证，每一次授权都回到音乐人',
    link: '/copyrightedMusic',
    workSeedKey: null,
  },
  {
    id: 'featured-stone-lane',
    title: '本周推荐《青石巷》',
    subtitle: '古风新作，雨落青石声声慢',
    link: '/copyrightedMusic',
    workSeedKey: 'seed-03-stone-lane',
  },
  {
    id: 'deposit-your-work',
    title: '为你的作品存证',
    subtitle: '上传即生成可公开验证的存证证书',
    link: '/musiciansZone/copyrightDeposit',
    workSeedKey: null,
  },
  {
    id: 'ai-creation',
    title: 'AI 创作中心',
    subtitle: '写一句灵感，生成属于你的歌',
    link: '/aiCreationCenter',
    workSeedKey: null,
  },
]

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The extension is per database, and test schemas on one server migrate side by side: the one
  // that loses the race finds it created. In `public`, so dropping a schema never drops it.
  await sql`
    DO $$ BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
    END $$
  `.execute(db)

  await db.schema
    .createTable('store_categories')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .execute()
  await db
    .insertInto('store_categories' as never)
    .values(CATEGORIES.map(([id, name], index) => ({ id, name, sort_order: index })) as never)
    .execute()

  await db.schema
    .createTable('store_banners')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('subtitle', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('link', 'text', (column) => column.notNull())
    .addColumn('work_seed_key', 'text')
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .addColumn('active', 'boolean', (column) => column.notNull().defaultTo(true))
    .execute()
  await db
    .insertInto('store_banners' as never)
    .values(
      BANNERS.map((banner, index) => ({
        id: banner.id,
        title: banner.title,
        subtitle: banner.subtitle,
        link: banner.link,
        work_seed_key: banner.workSeedKey,
        sort_order: index,
      })) as never,
    )
    .execute()

  await db.schema
    .alterTable('works')
    .addColumn('category_id', 'text', (column) =>
      column.references('store_categories.id').onDelete('set null'),
    )
    .execute()
  await db.schema
    .alterTable('works')
    .addColumn('play_count', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`play_count >= 0`),
    )
    .execute()
  // What a keyword is matched against; the LRC time tags are not words anyone searches for.
  await sql`
    ALTER TABLE works ADD COLUMN search_text text GENERATED ALWAYS AS (
      title || E'\n' || artist || E'\n' || regexp_replace(lyric, '\\[[0-9:.]*\\]', '', 'g')
    ) STORED
  `.execute(db)
  // Every store index covers exactly the works the store shows (listed, audio ready), so a page
  // of ids, and a count, are read from the index alone without visiting the table.
  // fastupdate off: works are written rarely and searched all the time, so new rows go straight
  // into the index instead of a pending list every search would scan (and the planner would
  // price in, preferring a scan of the table).
  await sql`
    CREATE INDEX works_search_trigrams ON works USING gin (search_text public.gin_trgm_ops)
    WITH (fastupdate = off) WHERE status = 'listed' AND audio_ready
  `.execute(db)
  // Backfill: listings made before categories take the category their genre names.
  await sql`
    UPDATE works SET category_id = store_categories.id
    FROM store_categories WHERE store_categories.name = works.genre
  `.execute(db)

  // One index per sort of the store; the id breaks ties.
  const storeIndexes: [name: string, columns: string][] = [
    ['works_store_newest', 'created_at DESC, id DESC'],
    ['works_store_plays', 'play_count DESC, id DESC'],
    ['works_store_price', 'price_fen, id'],
    ['works_store_category', 'category_id, created_at DESC, id DESC'],
  ]
  for (const [name, columns] of storeIndexes) {
    await sql`
      CREATE INDEX ${sql.raw(name)} ON works (${sql.raw(columns)})
      WHERE status = 'listed' AND audio_ready
    `.execute(db)
  }

  // How many works the store shows, in all ('') and per category, kept by a trigger as works
  // are listed, made ready, recategorised or taken off sale: a page's total is one row read,
  // not a count of every listed work. Keyword searches still count their matches.
  await db.schema
    .createTable('store_counts')
    .addColumn('category_id', 'text', (column) => column.primaryKey())
    .addColumn('works', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`works >= 0`),
    )
    .execute()
  await sql`
    INSERT INTO store_counts (category_id, works)
    SELECT '', count(*) FROM works WHERE status = 'listed' AND audio_ready
    UNION ALL
    SELECT store_categories.id, count(works.id) FROM store_categories
    LEFT JOIN works ON works.category_id = store_categories.id
      AND works.status = 'listed' AND works.audio_ready
    GROUP BY store_categories.id
  `.execute(db)
  await sql`
    CREATE FUNCTION store_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.status = 'listed' AND OLD.audio_ready THEN
        UPDATE store_counts SET works = works - 1
        WHERE category_id IN ('', coalesce(OLD.category_id, ''));
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.status = 'listed' AND NEW.audio_ready THEN
        UPDATE store_counts SET works = works + 1
        WHERE category_id IN ('', coalesce(NEW.category_id, ''));
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db)
  await sql`
    CREATE TRIGGER works_store_counts
    AFTER INSERT OR DELETE OR UPDATE OF status, audio_ready, category_id ON works
    FOR EACH ROW EXECUTE FUNCTION store_counts_follow()
  `.execute(db)

  // A play is counted once per listener per work per day, so replaying or reloading adds nothing.
  await db.schema
    .createTable('work_plays')
    .addColumn('work_id', 'uuid', (column) =>
      column.notNull().references('works.id').onDelete('cascade'),
    )
    .addColumn('listener', 'text', (column) => column.notNull())
    .addColumn('day', 'date', (column) => column.notNull())
    .addPrimaryKeyConstraint('work_plays_once_a_day', ['work_id', 'listener', 'day'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER works_store_counts ON works`.execute(db)
  await sql`DROP FUNCTION store_counts_follow()`.execute(db)
  await db.schema.dropTable('store_counts').execute()
  await db.schema.dropTable('work_plays').execute()
  for (const name of [
    'works_store_category',
    'works_store_price',
    'works_store_plays',
    'works_store_newest',
  ]) {
    await db.schema.dropIndex(name).execute()
  }
  await db.schema.dropIndex('works_search_trigrams').execute()
  await db.schema.alterTable('works').dropColumn('search_text').execute()
  await db.schema.alterTable('works').dropColumn('play_count').execute()
  await db.schema.alterTable('works').dropColumn('category_id').execute()
  await db.schema.dropTable('store_banners').execute()
  await db.schema.dropTable('store_categories').execute()
}
