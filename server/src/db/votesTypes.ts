/** The tables of voting activities and notices (migration 0017). */
import type { ColumnType, Generated, Selectable } from 'kysely'

type CreatedAt = ColumnType<Date, Date | undefined, never>
/** A bigint counter: read as a string by node-postgres and as a number by PGlite, written as a number. */
type Counter = ColumnType<string | number, number | undefined, number | string>

export interface VoteActivitiesTable {
  id: Generated<string>
  title: string
  description: ColumnType<string, string | undefined, string>
  cover_key: string | null
  start_at: Date
  end_at: Date
  votes_per_user_per_day: number
  votes_per_option_per_user: number
  view_count: Counter
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_by: string | null
  seed_key: string | null
  created_at: CreatedAt
}

export interface VoteOptionsTable {
  id: Generated<string>
  activity_id: string
  position: number
  work_id: string | null
  title: string
  description: ColumnType<string, string | undefined, string>
  image_key: string | null
  votes: Counter
}

export interface VoteUserDaysTable {
  activity_id: string
  user_id: string
  /** Written and compared as `yyyy-MM-dd` (China time); never read back as a value. */
  china_day: string
  used: number
  per_option: ColumnType<Record<string, number>, string | undefined, string>
}

export interface VoteBallotsTable {
  id: Generated<string>
  activity_id: string
  option_id: string
  user_id: string
  /** Written and compared as `yyyy-MM-dd` (China time); never read back as a value. */
  china_day: string
  cast_at: Date
}

export interface VoteViewsTable {
  activity_id: string
  viewer_key: string
  /** Written and compared as `yyyy-MM-dd` (China time); never read back as a value. */
  china_day: string
}

export interface NoticesTable {
  id: Generated<string>
  title: string
  content: string
  published_at: ColumnType<Date, Date | undefined, Date>
}

export interface VotesDatabase {
  vote_activities: VoteActivitiesTable
  vote_options: VoteOptionsTable
  vote_user_days: VoteUserDaysTable
  vote_ballots: VoteBallotsTable
  vote_views: VoteViewsTable
  notices: NoticesTable
}

export type VoteActivityRow = Selectable<VoteActivitiesTable>
export type VoteOptionRow = Selectable<VoteOptionsTable>
export type NoticeRow = Selectable<NoticesTable>
