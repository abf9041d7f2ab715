/**
 * The store's list answers fast for any keyword, page and category (issue 13's budget).
 *
 * - Keywords of one or two characters (most Chinese titles and artists are that short) have no
 *   trigram, so the pg_trgm index of 0015 cannot narrow them and the search scanned. Each listed
 *   work's search text is broken into its distinct single characters and pairs of characters
 *   (lower-cased, as ILIKE compares), and a GIN index over that array answers `@>` for a short
 *   keyword exactly. Three characters and more stay on the trigram index.
 * - A deep page of a category sorted by plays or price read the whole category and sorted it:
 *   each of those sorts now has an index led by the category, as newest had.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // IMMUTABLE so an index can hold it; lower() is what ILIKE applies to both sides in a
  // multi-byte database, so a keyword of one or two characters is in the array exactly when
  // ILIKE would find it.
  await sql`
    CREATE FUNCTION store_search_grams(search_text text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT gram), '{}')
      FROM (SELECT lower(search_text) AS lowered) AS source,
        LATERAL generate_series(1, length(lowered)) AS position,
        LATERAL (VALUES (substr(lowered, position, 1)), (substr(lowered, position, 2))) AS grams(gram)
    $$
  `.execute(db)
  await sql`
    CREATE INDEX works_search_grams ON works USING gin (store_search_grams(search_text))
    WITH (fastupdate = off) WHERE status = 'listed' AND audio_ready
  `.execute(db)

  const categoryIndexes: [name: string, columns: string][] = [
    ['works_store_category_plays', 'category_id, play_count DESC, id DESC'],
    ['works_store_category_price', 'category_id, price_fen, id'],
  ]
  for (const [name, columns] of categoryIndexes) {
    await sql`
      CREATE INDEX ${sql.raw(name)} ON works (${sql.raw(columns)})
      WHERE status = 'listed' AND audio_ready
    `.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'works_store_category_price',
    'works_store_category_plays',
    'works_search_grams',
  ]) {
    await db.schema.dropIndex(name).execute()
  }
  await sql`DROP FUNCTION store_search_grams(text)`.execute(db)
}
