import { assign, fromCallback, not, raise, sendTo, setup } from 'xstate'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'

/** A work as the list pages hand it over: mall music (the shop and the works pages). */
export interface MallMusicItem {
  musicId: string | number
  musicName?: string | null
  artist?: string | null
  cover?: string | null
  musicEncodeUrl?: string | null
  lyric?: string | null
}

/** A work as the AI creation pages hand it over. */
export interface AiMusicItem {
  id: string | number
  name?: string | null
  cover?: string | null
  url?: string | null
  lyric?: string | null
  /** Seconds, when known before playing (a generated song heard while it renders). */
  duration?: number | null
}

export type PlayableMusicItem = MallMusicItem | AiMusicItem

/** What the player plays, whatever page it came from. `url` is '' when the work has none. */
export interface PlayerTrack {
  id: string
  name: string
  cover: string
  url: string
  /** Plain text or LRC; absent when the work has no lyric. */
  lyric?: string
  /** Who made it, for the bar; absent when the page does not know. */
  artist?: string
  /**
   * Seconds, when the page knows them: a live playlist (a song still rendering) tells the element
   * only the part made so far.
   */
  duration?: number
}

/** Mall and AI items name their fields differently (SPEC.md section 3); the player does not care. */
export function normalizeTrack(item: PlayableMusicItem): PlayerTrack {
  const common = { cover: item.cover ?? '', ...(item.lyric ? { lyric: item.lyric } : {}) }
  if ('musicId' in item) {
    return {
      id: String(item.musicId),
      name: item.musicName ?? '',
      url: item.musicEncodeUrl ?? '',
      ...common,
      ...(item.artist ? { artist: item.artist } : {}),
    }
  }
  const duration = knownSeconds(item.duration ?? 0)
  return {
    id: String(item.id),
    name: item.name ?? '',
    url: item.url ?? '',
    ...common,
    ...(duration > 0 ? { duration } : {}),
  }
}

/**
 * Whether the element plays the URL itself (SPEC.md section 3: the URL contains mp3 or wav, in any
 * case). Anything else is an HLS playlist for hls.js. The check is deliberately on the whole URL,
 * not the extension: signed URLs carry the format in paths and query strings alike.
 */
export function isDirectAudioUrl(url: string): boolean {
  return /mp3|wav/i.test(url)
}

/**
 * mm:ss (SPEC.md section 9). Unknown times (NaN, undefined, Infinity for a live stream, negative)
 * show as 00:00; minutes are not wrapped into hours, so 75 minutes reads 75:03.
 */
export function formatTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return '00:00'
  }
  const whole = Math.floor(seconds)
  const minutes = String(Math.floor(whole / 60)).padStart(2, '0')
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`
}

export interface TimedLyricLine {
  /** Seconds from the start of the track. */
  time: number
  text: string
}

export interface PlainLyricLine {
  text: string
}

export type ParsedLyric =
  { timed: true; lines: TimedLyricLine[] } | { timed: false; lines: PlainLyricLine[] }

// [mm:ss], [mm:ss.xx], [mm:ss.xxx]; some editors write the fraction after a colon.
const LRC_TIME_TAG = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/g
const LRC_LEADING_TIME_TAGS = /^(?:\s*\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\])+/
// [ar:…], [ti:…], [offset:+100] and the like: information about the lyric, not lines of it.
const LRC_METADATA_LINE = /^\s*\[[a-z#]+:[^\]]*\]\s*$/i

/**
 * Reads a lyric: LRC when at least one line starts with a time tag, plain text otherwise.
 * Timed lines come back sorted by time; a line with several tags (a repeated chorus) appears once
 * per tag. Untagged lines inside an LRC cannot be placed in time and are dropped; metadata tags
 * are dropped in both forms.
 */
export function parseLrc(text: string): ParsedLyric {
  const rawLines = text.split(/\r\n|\r|\n/).filter((line) => !LRC_METADATA_LINE.test(line))
  const timedLines: TimedLyricLine[] = []
  for (const line of rawLines) {
    const tags = LRC_LEADING_TIME_TAGS.exec(line)?.[0]
    if (tags === undefined) continue
    const lineText = line.slice(tags.length).trim()
    for (const [, minutes = '0', seconds = '0', fraction = ''] of tags.matchAll(LRC_TIME_TAG)) {
      // '5' is 0.5 s, '05' is 0.05 s, '005' is 0.005 s: the digits are a decimal fraction.
      const time = Number(minutes) * 60 + Number(seconds) + (fraction ? Number(`0.${fraction}`) : 0)
      timedLines.push({ time, text: lineText })
    }
  }
  if (timedLines.length > 0) {
    // Array.prototype.sort is stable, so lines sharing a time keep the order they were written in.
    return { timed: true, lines: timedLines.sort((a, b) => a.time - b.time) }
  }
  const plainLines = rawLines.map((line) => line.trimEnd())
  const first = plainLines.findIndex((line) => line.trim() !== '')
  if (first === -1) return { timed: false, lines: [] }
  const last = plainLines.findLastIndex((line) => line.trim() !== '')
  return { timed: false, lines: plainLines.slice(first, last + 1).map((line) => ({ text: line })) }
}

/** The line being sung at `time`: the last one that has started, or -1 before the first line. */
export function currentLyricIndex(lines: readonly { time: number }[], time: number): number {
  let low = 0
  let high = lines.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((lines[middle]?.time ?? Infinity) <= time) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

const FILE_NAME_MAX_LENGTH = 100
// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE_FILE_NAME_CHARACTERS = /[\\/:*?"<>|\u0000-\u001f\u007f]/g
const WINDOWS_RESERVED_NAME = /^(con|prn|aux|nul|com\d|lpt\d)$/i

/**
 * The name of the downloaded lyric: the track's name made safe for any file system, plus .txt;
 * `fallbackName` (the view's word for a lyric) when nothing of the name is left.
 */
export function lyricFileName(trackName: string, fallbackName: string): string {
  const safe = trackName
    .replace(UNSAFE_FILE_NAME_CHARACTERS, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // Windows drops trailing dots and spaces, which would change the name under the user.
    .replace(/[. ]+$/, '')
  const cut = Array.from(safe).slice(0, FILE_NAME_MAX_LENGTH).join('')
  const base = cut === '' ? fallbackName : cut
  return `${WINDOWS_RESERVED_NAME.test(base) ? `${base}_` : base}.txt`
}

/** How far the arrow keys (and the lock screen's skip buttons) move, in seconds. */
export const PLAYER_SEEK_STEP_SECONDS = 5

/**
 * The player's state (SPEC.md section 3, client player state, without the header's searchValue),
 * plus the volume and the message of a broken stream. `show`, `open`, `isPlay`, `musicLoading`
 * and `showLyric` mirror the chart's states; the chart's entry and exit actions keep them in step,
 * so a view can read everything from the context.
 */
export interface PlayerContext {
  /** A track is loaded: the bar is on the page. */
  show: boolean
  /** The bar is slid in (false: slid out, waiting to be opened again). */
  open: boolean
  /** '' when nothing is loaded. */
  playMusicId: string
  isPlay: boolean
  musicName: string
  /** '' when the track does not say. */
  musicArtist: string
  musicCover: string
  musicUrl: string
  /** Seconds; 0 while unknown (before the metadata, or a live stream). */
  duration: number
  /** Seconds the page said the track lasts; 0 when it did not say. */
  trackDuration: number
  currentTime: number
  /** Where the last seek went; a new track starts at 0. */
  seekTime: number
  /** The spinner: the source is loading or playback waits for data. */
  musicLoading: boolean
  showLyric: boolean
  /** The lyric dialog's title and the downloaded file's name. */
  lyricName: string
  /** Plain text or LRC, as the work carries it; '' when it has none. */
  lyric: string
  /** 0 to 1. Kept across tracks: there is one audio element. */
  volume: number
  muted: boolean
  /**
   * The audio actor's message for a broken stream while in the error state; '' otherwise, and
   * when the actor gave none (the view then shows its own words).
   */
  errorMessage: string
  /** What previous and next walk through: the page that was queued, or the one track loaded. */
  queue: PlayerTrack[]
  /** The loaded track's place in `queue`; -1 when nothing is loaded. */
  queueIndex: number
  /** Whether the loaded track starts by itself; false for a track restored after a reload. */
  autoplay: boolean
}

/** What the audio actor reports from the element (and hls.js). */
export type PlayerMediaEvent =
  | { type: 'media.loadedmetadata'; duration: number }
  | { type: 'media.playing' }
  | { type: 'media.pause' }
  | { type: 'media.ended' }
  | { type: 'media.timeupdate'; currentTime: number }
  | { type: 'media.waiting' }
  /** `message`: a Chinese text for the user when the actor knows better than the default. */
  | { type: 'media.error'; message?: string }

export type PlayerEvent =
  /** Play a work: same id toggles, another id replaces, an empty URL disposes. */
  | { type: 'player.load'; track: PlayerTrack }
  /** Play a list (播放全部): it becomes the queue and the track at `startIndex` (default 0) plays. */
  | { type: 'player.queue'; tracks: PlayerTrack[]; startIndex?: number }
  /** Put back what was loaded before a reload, paused: nothing plays until the user asks. */
  | { type: 'player.restore'; tracks: PlayerTrack[]; index: number }
  | { type: 'player.next' }
  | { type: 'player.previous' }
  | { type: 'player.toggle' }
  | { type: 'player.play' }
  | { type: 'player.pause' }
  /** Seconds from the start (the slider, the lock screen's scrubber). */
  | { type: 'player.seek'; time: number }
  /** Seconds forwards (positive) or backwards (negative): the arrow keys. */
  | { type: 'player.seekBy'; seconds: number }
  /** 0 to 1. */
  | { type: 'player.volume'; value: number }
  | { type: 'player.mute.toggle' }
  | { type: 'player.show' }
  | { type: 'player.hide' }
  | { type: 'player.dispose' }
  | { type: 'player.lyric.open' }
  | { type: 'player.lyric.close' }
  | PlayerMediaEvent

/**
 * What the machine tells the audio actor. `load` replaces the source (`direct`: the element plays
 * the URL itself; otherwise hls.js plays it as a playlist) and is followed by `play` in the same
 * step, so the element starts inside the user's click, as mobile browsers require. `unload`
 * stops and empties the element (and destroys hls.js).
 */
export type AudioCommand =
  | { type: 'load'; url: string; direct: boolean }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'seek'; time: number }
  | { type: 'volume'; volume: number; muted: boolean }
  | { type: 'unload' }

/** For `navigator.mediaSession`: metadata with cover art, playback state and position. */
export interface MediaSessionParams {
  playbackState: 'none' | 'paused' | 'playing'
  /** null when nothing is loaded: the app clears the metadata. */
  metadata: { title: string; artwork: string } | null
  /** Seconds, for `setPositionState`; duration 0 means unknown. */
  duration: number
  position: number
}

/** What the app keeps so a reload can restore the player (`player.restore`). */
export interface RememberedQueue {
  tracks: PlayerTrack[]
  /** -1 when nothing is loaded: the app forgets what it kept. */
  index: number
}

/** `message` is the audio actor's, or '' when it gave none: the view words that case. */
export interface PlayerErrorParams {
  message: string
}

/** The flags of {@link PlayerContext} that mirror states. */
type PlayerFlags = Partial<
  Pick<PlayerContext, 'show' | 'open' | 'isPlay' | 'musicLoading' | 'showLyric'>
>

const emptyTrack = {
  playMusicId: '',
  musicName: '',
  musicArtist: '',
  musicCover: '',
  musicUrl: '',
  duration: 0,
  trackDuration: 0,
  currentTime: 0,
  seekTime: 0,
  lyricName: '',
  lyric: '',
  errorMessage: '',
} satisfies Partial<PlayerContext>

const initialContext: PlayerContext = {
  ...emptyTrack,
  show: false,
  open: false,
  isPlay: false,
  musicLoading: false,
  showLyric: false,
  volume: 1,
  muted: false,
  queue: [],
  queueIndex: -1,
  autoplay: true,
}

/** The track fields of the context for `track`. */
function trackFields(track: PlayerTrack) {
  return {
    ...emptyTrack,
    playMusicId: track.id,
    musicName: track.name,
    musicArtist: track.artist ?? '',
    musicCover: track.cover,
    musicUrl: track.url,
    lyricName: track.name,
    lyric: track.lyric ?? '',
    trackDuration: knownSeconds(track.duration ?? 0),
    duration: knownSeconds(track.duration ?? 0),
  }
}

/** The queue without tracks that cannot play, and a start inside it. */
function playableQueue(tracks: readonly PlayerTrack[], index: number) {
  const wanted = tracks[index]
  const queue = tracks.filter((track) => track.url.trim() !== '')
  const queueIndex = wanted === undefined ? 0 : Math.max(queue.indexOf(wanted), 0)
  return { queue, queueIndex }
}

function rememberedQueue({ context }: { context: PlayerContext }): RememberedQueue {
  return { tracks: context.queue, index: context.queueIndex }
}

/** A media time as a usable number of seconds: NaN, Infinity (live streams) and negatives are 0. */
function knownSeconds(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0
}

/** Keeps a seek inside the track; with the duration unknown, only the start bounds it. */
function clampToTrack(time: number, duration: number): number {
  const notBeforeStart = Math.max(knownSeconds(time), 0)
  return duration > 0 ? Math.min(notBeforeStart, duration) : notBeforeStart
}

/** Media Session parameters for the current track in the given playback state. */
function mediaSessionOf(playbackState: 'paused' | 'playing') {
  return ({ context }: { context: PlayerContext }): MediaSessionParams => ({
    playbackState,
    metadata: { title: context.musicName, artwork: context.musicCover },
    duration: context.duration,
    position: context.currentTime,
  })
}

const noMediaSession: MediaSessionParams = {
  playbackState: 'none',
  metadata: null,
  duration: 0,
  position: 0,
}

function loadCommand({ context }: { context: PlayerContext }): AudioCommand {
  return { type: 'load', url: context.musicUrl, direct: isDirectAudioUrl(context.musicUrl) }
}

function seekCommand({ context }: { context: PlayerContext }): AudioCommand {
  return { type: 'seek', time: context.seekTime }
}

function volumeCommand({ context }: { context: PlayerContext }): AudioCommand {
  return { type: 'volume', volume: context.volume, muted: context.muted }
}

/**
 * The global player bar and its lyric dialog (SPEC.md sections 3 and 4).
 *
 * `empty` until a track is loaded; then `track`, three regions side by side:
 * - `playback`: loading → playing ⇄ paused → ended, and error from any of them. Loading starts the
 *   source; the metadata moves it to playing (the spec's "metadata loaded sets playing").
 * - `bar`: shown ⇄ hidden (slid out). Loading any track shows it again.
 * - `lyric`: closed ⇄ open; opening needs `isLoggedIn`, else `requestLogin` runs and it stays closed.
 *
 * Loading the same id again raises `player.toggle` (and `player.show`); another id re-enters
 * `track`, so the new source loads from 0 with the bar shown and the old lyric's dialog closed;
 * an empty URL goes back to `empty` and unloads the element.
 *
 * The app provides: actor `audio` (a callback actor receiving {@link AudioCommand}s and sending
 * {@link PlayerMediaEvent}s back; the default does nothing), guard `isLoggedIn` (default false),
 * and actions `requestLogin`, `updateMediaSession` ({@link MediaSessionParams}) and `reportError`
 * ({@link PlayerErrorParams}).
 */
export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
  },
  actors: {
    // Without the app's element there is nothing to play; commands are dropped.
    audio: fromCallback<AudioCommand>(() => {}),
  },
  guards: {
    isLoggedIn: () => false,
    hasEmptyUrl: ({ event }) => event.type === 'player.load' && event.track.url.trim() === '',
    isSameTrack: ({ context, event }) =>
      event.type === 'player.load' && event.track.id === context.playMusicId,
    hasPlayableList: ({ event }) =>
      (event.type === 'player.queue' || event.type === 'player.restore') &&
      event.tracks.some((track) => track.url.trim() !== ''),
    hasNext: ({ context }) => context.queueIndex + 1 < context.queue.length,
    hasPrevious: ({ context }) => context.queueIndex > 0,
    shouldAutoplay: ({ context }) => context.autoplay,
  },
  actions: {
    // The one way commands reach the element; named so a test model without the invoked actor
    // can replace it.
    commandAudio: sendTo('audio', (_, command: AudioCommand) => command),
    requestLogin: () => {},
    rememberQueue: (_, _params: RememberedQueue) => {},
    updateMediaSession: (_, _params: MediaSessionParams) => {},
    reportError: (_, _params: PlayerErrorParams) => {},
    setFlags: assign((_, flags: PlayerFlags) => flags),
    setTrack: assign(({ context, event }) => {
      if (event.type !== 'player.load') return {}
      const { track } = event
      // A track of the queue (a row of the list that was queued) keeps the queue; any other
      // track is a queue of its own.
      const inQueue = context.queue.findIndex((queued) => queued.id === track.id)
      return {
        ...trackFields(track),
        autoplay: true,
        ...(inQueue === -1 ? { queue: [track], queueIndex: 0 } : { queueIndex: inQueue }),
      }
    }),
    setQueue: assign(({ event }) => {
      if (event.type !== 'player.queue' && event.type !== 'player.restore') return {}
      const start = event.type === 'player.queue' ? (event.startIndex ?? 0) : event.index
      const { queue, queueIndex } = playableQueue(event.tracks, start)
      const track = queue[queueIndex]
      if (track === undefined) return {}
      return {
        ...trackFields(track),
        queue,
        queueIndex,
        autoplay: event.type === 'player.queue',
      }
    }),
    stepQueue: assign(({ context }, step: 1 | -1) => {
      const queueIndex = context.queueIndex + step
      const track = context.queue[queueIndex]
      if (track === undefined) return {}
      return { ...trackFields(track), queueIndex, autoplay: true }
    }),
    clearTrack: assign({ ...emptyTrack, queue: [], queueIndex: -1, autoplay: true }),
    setDuration: assign({
      // The element's figure is exact for a file; a live playlist's is only what exists so far.
      duration: ({ context, event }) =>
        event.type === 'media.loadedmetadata'
          ? Math.max(knownSeconds(event.duration), context.trackDuration)
          : context.duration,
    }),
    setCurrentTime: assign({
      currentTime: ({ context, event }) =>
        event.type === 'media.timeupdate' ? knownSeconds(event.currentTime) : context.currentTime,
    }),
    setSeekTime: assign(({ context, event }) => {
      const requested =
        event.type === 'player.seek'
          ? event.time
          : event.type === 'player.seekBy'
            ? context.currentTime + event.seconds
            : context.seekTime
      const time = clampToTrack(requested, context.duration)
      // The slider jumps at once instead of waiting for the element's next timeupdate.
      return { seekTime: time, currentTime: time }
    }),
    rewind: assign({ seekTime: 0, currentTime: 0 }),
    setVolume: assign(({ context, event }) => {
      if (event.type !== 'player.volume' || !Number.isFinite(event.value)) return {}
      const volume = Math.min(Math.max(event.value, 0), 1)
      // Dragging the volume up is asking to hear it.
      return { volume, muted: volume > 0 ? false : context.muted }
    }),
    toggleMute: assign({ muted: ({ context }) => !context.muted }),
    setErrorMessage: assign({
      errorMessage: ({ event }) => (event.type === 'media.error' && event.message?.trim()) || '',
    }),
    clearErrorMessage: assign({ errorMessage: '' }),
  },
}).createMachine({
  id: 'player',
  context: initialContext,
  // One element for the whole app, alive as long as the player.
  invoke: { id: 'audio', src: 'audio' },
  on: {
    'player.volume': {
      actions: ['setVolume', { type: 'commandAudio', params: volumeCommand }],
    },
    'player.mute.toggle': {
      actions: ['toggleMute', { type: 'commandAudio', params: volumeCommand }],
    },
  },
  initial: 'empty',
  states: {
    empty: {
      on: {
        'player.load': { guard: not('hasEmptyUrl'), target: 'track', actions: 'setTrack' },
        'player.queue': { guard: 'hasPlayableList', target: 'track', actions: 'setQueue' },
        'player.restore': { guard: 'hasPlayableList', target: 'track', actions: 'setQueue' },
      },
    },
    track: {
      type: 'parallel',
      entry: [
        { type: 'setFlags', params: { show: true } },
        { type: 'rememberQueue', params: rememberedQueue },
      ],
      exit: { type: 'setFlags', params: { show: false } },
      on: {
        'player.queue': {
          guard: 'hasPlayableList',
          target: 'track',
          reenter: true,
          actions: 'setQueue',
        },
        'player.next': {
          guard: 'hasNext',
          target: 'track',
          reenter: true,
          actions: { type: 'stepQueue', params: 1 },
        },
        'player.previous': [
          {
            guard: 'hasPrevious',
            target: 'track',
            reenter: true,
            actions: { type: 'stepQueue', params: -1 },
          },
          // The first track: previous starts it again, as music players do.
          { actions: raise({ type: 'player.seek', time: 0 }) },
        ],
        'player.load': [
          {
            guard: 'hasEmptyUrl',
            target: 'empty',
            actions: [
              { type: 'commandAudio', params: { type: 'unload' } },
              'clearTrack',
              { type: 'updateMediaSession', params: noMediaSession },
            ],
          },
          {
            guard: 'isSameTrack',
            actions: [raise({ type: 'player.show' }), raise({ type: 'player.toggle' })],
          },
          { target: 'track', reenter: true, actions: 'setTrack' },
        ],
        'player.dispose': {
          target: 'empty',
          actions: [
            { type: 'commandAudio', params: { type: 'unload' } },
            'clearTrack',
            { type: 'updateMediaSession', params: noMediaSession },
            { type: 'rememberQueue', params: { tracks: [], index: -1 } },
          ],
        },
        'media.loadedmetadata': { actions: 'setDuration' },
        'media.timeupdate': { actions: 'setCurrentTime' },
      },
      states: {
        playback: {
          initial: 'starting',
          states: {
            starting: {
              always: [{ guard: 'shouldAutoplay', target: 'loading' }, { target: 'cued' }],
            },
            // Restored after a reload: the source is set, nothing plays until the user asks.
            cued: {
              entry: [
                { type: 'commandAudio', params: loadCommand },
                { type: 'updateMediaSession', params: mediaSessionOf('paused') },
              ],
              on: {
                'player.toggle': {
                  target: 'playing',
                  actions: { type: 'commandAudio', params: { type: 'play' } },
                },
                'player.play': {
                  target: 'playing',
                  actions: { type: 'commandAudio', params: { type: 'play' } },
                },
                'player.seek': {
                  actions: ['setSeekTime', { type: 'commandAudio', params: seekCommand }],
                },
                'player.seekBy': {
                  actions: ['setSeekTime', { type: 'commandAudio', params: seekCommand }],
                },
                'media.playing': { target: 'playing' },
                'media.error': { target: 'error' },
              },
            },
            loading: {
              entry: [
                { type: 'setFlags', params: { musicLoading: true } },
                { type: 'commandAudio', params: loadCommand },
                { type: 'commandAudio', params: { type: 'play' } },
                { type: 'updateMediaSession', params: mediaSessionOf('paused') },
              ],
              exit: { type: 'setFlags', params: { musicLoading: false } },
              on: {
                'media.loadedmetadata': { target: 'playing', actions: 'setDuration' },
                // The browser refused to start (autoplay policy): wait for the user.
                'media.pause': { target: 'paused' },
                'media.error': { target: 'error' },
                'player.toggle': {
                  target: 'paused',
                  actions: { type: 'commandAudio', params: { type: 'pause' } },
                },
                'player.pause': {
                  target: 'paused',
                  actions: { type: 'commandAudio', params: { type: 'pause' } },
                },
              },
            },
            playing: {
              entry: [
                { type: 'setFlags', params: { isPlay: true } },
                { type: 'updateMediaSession', params: mediaSessionOf('playing') },
              ],
              exit: { type: 'setFlags', params: { isPlay: false, musicLoading: false } },
              on: {
                'player.toggle': {
                  target: 'paused',
                  actions: { type: 'commandAudio', params: { type: 'pause' } },
                },
                'player.pause': {
                  target: 'paused',
                  actions: { type: 'commandAudio', params: { type: 'pause' } },
                },
                'player.seek': {
                  actions: ['setSeekTime', { type: 'commandAudio', params: seekCommand }],
                },
                'player.seekBy': {
                  actions: ['setSeekTime', { type: 'commandAudio', params: seekCommand }],
                },
                'media.pause': { target: 'paused' },
                'media.ended': [
                  { guard: 'hasNext', actions: raise({ type: 'player.next' }) },
                  { target: 'ended' },
                ],
                // Buffering mid-track: the spinner shows until the element plays again.
                'media.waiting': { actions: { type: 'setFlags', params: { musicLoading: true } } },
                'media.playing': { actions: { type: 'setFlags', params: { musicLoading: false } } },
                'media.error': { target: 'error' },
              },
            },
            paused: {
              entry: { type: 'updateMediaSession', params: mediaSessionOf('paused') },
              on: {
                'player.toggle': {
                  target: 'playing',
                  actions: { type: 'commandAudio', params: { type: 'play' } },
                },
                'player.play': {
                  target: 'playing',
                  actions: { type: 'commandAudio', params: { type: 'play' } },
                },
                'player.seek': {
                  actions: ['setSeekTime', { type: 'commandAudio', params: seekCommand }],
                },
                'player.seekBy': {
                  actions: ['setSeekTime', { type: 'commandAudio', params: seekCommand }],
                },
                // Started outside the page's buttons (headset, the browser's own controls).
                'media.playing': { target: 'playing' },
                // The element reports pause before ended at the end of a track.
                'media.ended': [
                  { guard: 'hasNext', actions: raise({ type: 'player.next' }) },
                  { target: 'ended' },
                ],
                'media.error': { target: 'error' },
              },
            },
            ended: {
              entry: { type: 'updateMediaSession', params: mediaSessionOf('paused') },
              on: {
                'player.toggle': {
                  target: 'playing',
                  actions: [
                    'rewind',
                    { type: 'commandAudio', params: { type: 'seek', time: 0 } },
                    { type: 'commandAudio', params: { type: 'play' } },
                  ],
                },
                'player.play': {
                  target: 'playing',
                  actions: [
                    'rewind',
                    { type: 'commandAudio', params: { type: 'seek', time: 0 } },
                    { type: 'commandAudio', params: { type: 'play' } },
                  ],
                },
                // Seeking back into an ended track leaves it paused there, as the element does.
                'player.seek': {
                  target: 'paused',
                  actions: ['setSeekTime', { type: 'commandAudio', params: seekCommand }],
                },
                'player.seekBy': {
                  target: 'paused',
                  actions: ['setSeekTime', { type: 'commandAudio', params: seekCommand }],
                },
                'media.playing': { target: 'playing' },
                'media.error': { target: 'error' },
              },
            },
            // The bar stays usable: play retries the same source, and another track replaces it.
            error: {
              entry: [
                'setErrorMessage',
                {
                  type: 'reportError',
                  params: ({ context }) => ({ message: context.errorMessage }),
                },
                { type: 'updateMediaSession', params: mediaSessionOf('paused') },
              ],
              exit: 'clearErrorMessage',
              on: {
                'player.toggle': { target: 'loading' },
                'player.play': { target: 'loading' },
              },
            },
          },
        },
        bar: {
          initial: 'shown',
          states: {
            shown: {
              entry: { type: 'setFlags', params: { open: true } },
              exit: { type: 'setFlags', params: { open: false } },
              on: { 'player.hide': { target: 'hidden' } },
            },
            hidden: {
              on: { 'player.show': { target: 'shown' } },
            },
          },
        },
        lyric: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'player.lyric.open': [
                  { guard: 'isLoggedIn', target: 'open' },
                  { actions: 'requestLogin' },
                ],
              },
            },
            open: {
              entry: { type: 'setFlags', params: { showLyric: true } },
              exit: { type: 'setFlags', params: { showLyric: false } },
              on: { 'player.lyric.close': { target: 'closed' } },
            },
          },
        },
      },
    },
  },
})

export type PlayerMachine = typeof playerMachine
export type PlayerSnapshot = SnapshotFrom<PlayerMachine>
export type PlayerActorRef = ActorRefFrom<PlayerMachine>

/** Where playback is, for views that show more than the context's flags (e.g. the error line). */
export type PlaybackState = 'empty' | 'loading' | 'playing' | 'paused' | 'ended' | 'error'

export function selectPlaybackState(snapshot: PlayerSnapshot): PlaybackState {
  if (snapshot.matches('empty')) return 'empty'
  // A restored track waits like a paused one.
  if (snapshot.matches({ track: { playback: 'cued' } })) return 'paused'
  for (const state of ['loading', 'playing', 'paused', 'ended'] as const) {
    if (snapshot.matches({ track: { playback: state } })) return state
  }
  return 'error'
}
