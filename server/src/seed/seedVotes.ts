/**
 * The demo voting activity a first start on the embedded database creates, so a newcomer can vote
 * at once: open from yesterday for sixty days, with three text-and-image entries from the start
 * and every work of the seed catalogue added as it is listed. Idempotent: the activity is found
 * again by its seed key on every start, and a work already among its options is not added twice.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/types'
import { createActivity } from '../domain/votes'
import { CONTENT_TYPES } from '../media/contentType'
import type { FileStorage } from '../storage/fileStorage'

export const DEMO_ACTIVITY_SEED_KEY = 'demo'
const DAY_MS = 24 * 60 * 60 * 1000

interface DemoEntry {
  title: string
  description: string
  /** Two colours of the entry's picture (a gradient) and the character drawn on it. */
  colors: readonly [string, string]
  glyph: string
}

const DEMO_ENTRIES: readonly DemoEntry[] = [
  {
    title: '《山海谣》· 林小满',
    description: '写给家乡海边小镇的民谣小样，木吉他加口琴，录在一个下雨的晚上。',
    colors: ['#0f766e', '#5eead4'],
    glyph: '山',
  },
  {
    title: '《霓虹以北》· 周既白',
    description: '合成器流行，讲北方城市冬夜里的出租车和收音机。',
    colors: ['#4c1d95', '#f472b6'],
    glyph: '霓',
  },
  {
    title: '《纸鸢》· 阿禾',
    description: '国风电子，笛子旋律配碎拍，副歌只有四句，听一遍就会唱。',
    colors: ['#9a3412', '#fbbf24'],
    glyph: '鸢',
  },
]

function entryPicture(entry: DemoEntry): Uint8Array {
  const [from, to] = entry.colors
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="300" cy="110" r="70" fill="#ffffff" fill-opacity="0.12"/>
<text x="200" y="250" text-anchor="middle" font-size="180" font-family="serif" fill="#ffffff" fill-opacity="0.9">${entry.glyph}</text>
</svg>`
  return new TextEncoder().encode(svg)
}

async function seedWorkIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('works')
    .select('id')
    .where('is_seed', '=', true)
    .where('status', '=', 'listed')
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => row.id)
}

export async function ensureDemoVoteActivity(options: {
  db: Kysely<Database>
  storage: FileStorage
  clock: () => Date
}): Promise<string> {
  const { db, storage } = options
  const existing = await db
    .selectFrom('vote_activities')
    .select('id')
    .where('seed_key', '=', DEMO_ACTIVITY_SEED_KEY)
    .executeTakeFirst()
  const works = await seedWorkIds(db)
  if (existing === undefined) {
    const now = options.clock()
    const texts = []
    for (const entry of DEMO_ENTRIES) {
      const picture = await storage.put(entryPicture(entry), CONTENT_TYPES.svg)
      texts.push({
        kind: 'text' as const,
        title: entry.title,
        description: entry.description,
        imageKey: picture.key,
      })
    }
    return createActivity(db, {
      title: 'GY音乐 原创人气榜 · 第一期',
      description:
        '为你喜欢的原创作品投票：平台作品可以直接试听，投稿作品附有介绍。每人每天5票，同一作品每天最多投2票，票数实时更新。',
      startAt: new Date(now.getTime() - DAY_MS),
      endAt: new Date(now.getTime() + 60 * DAY_MS),
      votesPerUserPerDay: 5,
      votesPerOptionPerUser: 2,
      coverKey: null,
      createdBy: null,
      seedKey: DEMO_ACTIVITY_SEED_KEY,
      options: [...works.map((workId) => ({ kind: 'work' as const, workId })), ...texts],
    })
  }
  // Works listed since the activity was made join it at the end, in catalogue order.
  await db.transaction().execute(async (transaction) => {
    const present = await transaction
      .selectFrom('vote_options')
      .select(['work_id', sql<number>`max(position) over ()`.as('last')])
      .where('activity_id', '=', existing.id)
      .execute()
    const known = new Set(present.map((row) => row.work_id))
    const missing = works.filter((id) => !known.has(id))
    if (missing.length === 0) return
    const titles = await transaction
      .selectFrom('works')
      .select(['id', 'title'])
      .where('id', 'in', missing)
      .execute()
    const titleOf = new Map(titles.map((row) => [row.id, row.title]))
    const last = Number(present[0]?.last ?? -1)
    await transaction
      .insertInto('vote_options')
      .values(
        missing.map((workId, index) => ({
          activity_id: existing.id,
          position: last + 1 + index,
          work_id: workId,
          title: titleOf.get(workId) ?? '',
          image_key: null,
        })),
      )
      .onConflict((conflict) =>
        conflict.constraint('vote_options_one_work_per_activity').doNothing(),
      )
      .execute()
  })
  return existing.id
}
