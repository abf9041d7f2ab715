/**
 * What the AI pages keep in their address: the job a page shows (`?jobId=`, so a reload shows it
 * again), and the song chosen for a cover (`?goodsId=…&name=…` or `?fileId=…&name=…`, the way
 * /aiCreationCenter/chooseMusic hands its choice back to /aiCreationCenter/coverMode).
 */

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The longest song name kept from an address; a longer one is cut. */
export const SOURCE_NAME_MAX = 100

export const COVER_MODE_PATH = '/aiCreationCenter/coverMode'
export const CHOOSE_MUSIC_PATH = '/aiCreationCenter/chooseMusic'

/** An id the server could know (jobs, files and works are UUIDs), lowercased; else null. */
export function idFrom(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? ''
  return ID_PATTERN.test(trimmed) ? trimmed.toLowerCase() : null
}

/** The job a page was opened on, if its address names a well-formed one. */
export function jobIdFrom(params: URLSearchParams): string | null {
  return idFrom(params.get('jobId'))
}

/** The same address with `jobId` set (or removed with null), every other parameter kept. */
export function withJobId(params: URLSearchParams, jobId: string | null): URLSearchParams {
  const next = new URLSearchParams(params)
  if (jobId === null) next.delete('jobId')
  else next.set('jobId', jobId)
  return next
}

/** The song a cover is made from: a work of the store, or a file the user uploaded. */
export type CoverSource =
  { kind: 'goods'; goodsId: string; name: string } | { kind: 'file'; fileId: string; name: string }

/**
 * The song named by an address. A store work wins when both are given (the server takes exactly
 * one); an id that is not well formed is ignored rather than sent.
 */
export function coverSourceFrom(params: URLSearchParams): CoverSource | null {
  const name = (params.get('name') ?? '').trim().slice(0, SOURCE_NAME_MAX)
  const goodsId = idFrom(params.get('goodsId'))
  if (goodsId !== null) return { kind: 'goods', goodsId, name }
  const fileId = idFrom(params.get('fileId'))
  if (fileId !== null) return { kind: 'file', fileId, name }
  return null
}

/**
 * The cover page's own settings that travel to the song chooser and back, so choosing a song does
 * not lose the singer and sliders already set.
 */
export const COVER_SETTING_KEYS = [
  'singerId',
  'semitones',
  'vocalGainDb',
  'accompanimentGainDb',
] as const
export type CoverSettingKey = (typeof COVER_SETTING_KEYS)[number]
export type CoverSettings = Partial<Record<CoverSettingKey, string>>

/** The cover settings an address carries (anything else in it is left behind). */
export function coverSettingsFrom(params: URLSearchParams): CoverSettings {
  const settings: CoverSettings = {}
  for (const key of COVER_SETTING_KEYS) {
    const value = params.get(key)
    if (value !== null && value !== '') settings[key] = value.slice(0, 64)
  }
  return settings
}

function settingsParams(settings: CoverSettings): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of COVER_SETTING_KEYS) {
    const value = settings[key]
    if (value !== undefined) params.set(key, value)
  }
  return params
}

/** The query string that hands a chosen song to the cover page, e.g. `?goodsId=…&name=…`. */
export function coverSourceSearch(source: CoverSource, settings: CoverSettings = {}): string {
  const params = new URLSearchParams()
  if (source.kind === 'goods') params.set('goodsId', source.goodsId)
  else params.set('fileId', source.fileId)
  params.set('name', source.name)
  for (const [key, value] of settingsParams(settings)) params.set(key, value)
  return `?${params.toString()}`
}

/** The cover page with the song chosen, and the settings it had before. */
export function coverModeHref(source: CoverSource, settings: CoverSettings = {}): string {
  return COVER_MODE_PATH + coverSourceSearch(source, settings)
}

/** The song chooser, carrying the cover page's settings so they come back with the song. */
export function chooseMusicHref(settings: CoverSettings = {}): string {
  const search = settingsParams(settings).toString()
  return search === '' ? CHOOSE_MUSIC_PATH : `${CHOOSE_MUSIC_PATH}?${search}`
}

/** Back to the cover page without a song chosen, its settings as they were. */
export function coverModeBackHref(settings: CoverSettings = {}): string {
  const search = settingsParams(settings).toString()
  return search === '' ? COVER_MODE_PATH : `${COVER_MODE_PATH}?${search}`
}

/** What the convert call needs of the source: exactly one of its two ids. */
export function sourceBody(source: CoverSource): { goodsId: string } | { fileId: string } {
  return source.kind === 'goods' ? { goodsId: source.goodsId } : { fileId: source.fileId }
}

/** The share page of the desktop shell, from a share's id. */
export function shareHref(shareId: string, mobile = false): string {
  return `${mobile ? '/m' : ''}/aiShare?shareId=${encodeURIComponent(shareId)}`
}
