import { describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { createTestModel } from 'xstate/graph'
import {
  PLAYER_SEEK_STEP_SECONDS,
  currentLyricIndex,
  formatTime,
  isDirectAudioUrl,
  lyricFileName,
  normalizeTrack,
  parseLrc,
  playerMachine,
  selectPlaybackState,
} from './playerMachine'
import type {
  AudioCommand,
  MediaSessionParams,
  PlayerErrorParams,
  PlayerEvent,
  PlayerMediaEvent,
  PlayerTrack,
  RememberedQueue,
} from './playerMachine'
import { createRecorder, everyTransition, replaySteps, toTestModelMachine } from './testSupport'

type Step = { event: { type: string } }

const SONG: PlayerTrack = {
  id: '101',
  name: '山海',
  cover: 'https://cdn.example.com/covers/101.jpg',
  url: 'https://cdn.example.com/works/101.MP3?sign=abc&expires=3600',
  lyric: '[00:01.00]第一句\n[00:05.50]第二句',
}

const AI_SONG: PlayerTrack = {
  id: '7',
  name: 'AI 作品',
  cover: 'https://cdn.example.com/covers/ai-7.jpg',
  url: 'https://cdn.example.com/hls/7/index.m3u8',
}

const WITHOUT_URL: PlayerTrack = { ...AI_SONG, id: '8', url: '' }

/**
 * Stands in for the app's audio element: records every command the machine sends and lets the
 * test play the element's part by sending media events back, as the real actor does.
 */
function createFakeAudio() {
  const commands: AudioCommand[] = []
  let sendBack: ((event: PlayerMediaEvent) => void) | undefined
  const logic = fromCallback<AudioCommand>(({ sendBack: sendToPlayer, receive }) => {
    sendBack = sendToPlayer
    receive((command) => {
      commands.push(command)
    })
    return () => {
      sendBack = undefined
    }
  })
  const emit = (event: PlayerMediaEvent) => {
    if (!sendBack) throw new Error('The audio actor is not running')
    sendBack(event)
  }
  return { logic, commands, emit }
}

function startPlayer({ loggedIn = true }: { loggedIn?: boolean } = {}) {
  const audio = createFakeAudio()
  const requestLogin = createRecorder<unknown>()
  const updateMediaSession = createRecorder<MediaSessionParams>()
  const reportError = createRecorder<PlayerErrorParams>()
  const actor = createActor(
    playerMachine.provide({
      actors: { audio: audio.logic },
      guards: { isLoggedIn: () => loggedIn },
      actions: {
        requestLogin: requestLogin.action,
        updateMediaSession: updateMediaSession.action,
        reportError: reportError.action,
      },
    }),
  ).start()
  const context = () => actor.getSnapshot().context
  const playback = () => selectPlaybackState(actor.getSnapshot())
  const load = (track: PlayerTrack) => actor.send({ type: 'player.load', track })
  return { actor, audio, requestLogin, updateMediaSession, reportError, context, playback, load }
}

/** A player whose track has loaded its metadata and plays; the commands so far are cleared. */
function startPlaying(track: PlayerTrack = SONG, options?: { loggedIn?: boolean }) {
  const player = startPlayer(options)
  player.load(track)
  player.audio.emit({ type: 'media.loadedmetadata', duration: 180 })
  player.audio.commands.length = 0
  return player
}

describe('normalizeTrack', () => {
  it('reads mall music: musicId, musicName, cover, musicEncodeUrl', () => {
    expect(
      normalizeTrack({
        musicId: 101,
        musicName: '山海',
        cover: 'https://cdn.example.com/c.jpg',
        musicEncodeUrl: 'https://cdn.example.com/a.mp3',
      }),
    ).toEqual({
      id: '101',
      name: '山海',
      cover: 'https://cdn.example.com/c.jpg',
      url: 'https://cdn.example.com/a.mp3',
    })
  })

  it('reads AI music: id, name, cover, url, and keeps its lyric', () => {
    expect(
      normalizeTrack({
        id: 'ai-7',
        name: 'AI 作品',
        cover: 'c.jpg',
        url: 'index.m3u8',
        lyric: '[00:01.00]你好',
      }),
    ).toEqual({
      id: 'ai-7',
      name: 'AI 作品',
      cover: 'c.jpg',
      url: 'index.m3u8',
      lyric: '[00:01.00]你好',
    })
  })

  it('turns missing fields into empty strings and leaves out an empty lyric', () => {
    expect(normalizeTrack({ musicId: '5', musicName: null, cover: null, lyric: '' })).toEqual({
      id: '5',
      name: '',
      cover: '',
      url: '',
    })
    expect(normalizeTrack({ id: 9 })).toEqual({ id: '9', name: '', cover: '', url: '' })
  })
})

describe('isDirectAudioUrl', () => {
  it.each([
    'https://cdn.example.com/a.mp3',
    'https://cdn.example.com/a.MP3?sig=Xy',
    'https://cdn.example.com/a.wav',
    'https://cdn.example.com/A.WAV',
    'https://cdn.example.com/file?format=Mp3',
  ])('plays %s directly', (url) => {
    expect(isDirectAudioUrl(url)).toBe(true)
  })

  it.each(['https://cdn.example.com/hls/7/index.m3u8', 'https://cdn.example.com/stream?id=7', ''])(
    'streams %j through hls.js',
    (url) => {
      expect(isDirectAudioUrl(url)).toBe(false)
    },
  )
})

describe('formatTime', () => {
  it.each([
    [0, '00:00'],
    [5.9, '00:05'],
    [65, '01:05'],
    [599, '09:59'],
    [4503.7, '75:03'],
  ])('formats %s seconds as %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text)
  })

  it.each([Number.NaN, undefined, null, -1, Number.POSITIVE_INFINITY])(
    'shows %s as 00:00',
    (value) => {
      expect(formatTime(value)).toBe('00:00')
    },
  )
})

describe('parseLrc', () => {
  it('reads timed lines in every tag precision, sorted by time', () => {
    expect(parseLrc('[00:12.50]第二句\n[00:03]第一句\n[01:02.345]第三句\r\n[1:5.5]第四句')).toEqual(
      {
        timed: true,
        lines: [
          { time: 3, text: '第一句' },
          { time: 12.5, text: '第二句' },
          { time: 62.345, text: '第三句' },
          { time: 65.5, text: '第四句' },
        ],
      },
    )
  })

  it('repeats a line once per time tag', () => {
    expect(parseLrc('[00:10.00][01:10.00]副歌\n[00:20.00]主歌')).toEqual({
      timed: true,
      lines: [
        { time: 10, text: '副歌' },
        { time: 20, text: '主歌' },
        { time: 70, text: '副歌' },
      ],
    })
  })

  it('ignores metadata tags and untimed lines in an LRC, keeps empty timed lines', () => {
    const lrc = [
      '[ti:山海]',
      '[ar:某歌手]',
      '[offset:+200]',
      '作词：某人',
      '[00:01.00]',
      '[00:02.00]开始',
    ].join('\n')
    expect(parseLrc(lrc)).toEqual({
      timed: true,
      lines: [
        { time: 1, text: '' },
        { time: 2, text: '开始' },
      ],
    })
  })

  it('reads text without time tags as plain lines, trimming blank edges', () => {
    expect(parseLrc('\n[ti:山海]\n第一句\n\n第二句  \n\n')).toEqual({
      timed: false,
      lines: [{ text: '第一句' }, { text: '' }, { text: '第二句' }],
    })
  })

  it('reads an empty lyric as no lines', () => {
    expect(parseLrc('')).toEqual({ timed: false, lines: [] })
    expect(parseLrc(' \n ')).toEqual({ timed: false, lines: [] })
  })
})

describe('currentLyricIndex', () => {
  const lines = [{ time: 1 }, { time: 5.5 }, { time: 10 }]

  it.each([
    [0, -1],
    [1, 0],
    [5.49, 0],
    [5.5, 1],
    [9.99, 1],
    [10, 2],
    [300, 2],
  ])('at %s s highlights line %s', (time, index) => {
    expect(currentLyricIndex(lines, time)).toBe(index)
  })

  it('finds nothing in an empty lyric', () => {
    expect(currentLyricIndex([], 3)).toBe(-1)
  })
})

describe('lyricFileName', () => {
  it('names the file after the track', () => {
    expect(lyricFileName('山海', '歌词')).toBe('山海.txt')
    expect(lyricFileName('  夜 的   钢琴曲  ', '歌词')).toBe('夜 的 钢琴曲.txt')
  })

  it('replaces characters file systems refuse', () => {
    expect(lyricFileName('a/b\\c:d*e?f"g<h>i|j\u0007k', '歌词')).toBe('a_b_c_d_e_f_g_h_i_j_k.txt')
  })

  it('drops trailing dots and avoids reserved Windows names', () => {
    expect(lyricFileName('未完待续...', '歌词')).toBe('未完待续.txt')
    expect(lyricFileName('con', '歌词')).toBe('con_.txt')
  })

  it('falls back to 歌词 for a name with nothing left', () => {
    expect(lyricFileName('', '歌词')).toBe('歌词.txt')
    expect(lyricFileName(' . ', '歌词')).toBe('歌词.txt')
  })

  it('cuts very long names to 100 characters', () => {
    expect(lyricFileName('长'.repeat(300), '歌词')).toBe(`${'长'.repeat(100)}.txt`)
  })
})

describe('playerMachine', () => {
  it('starts empty and silent: no bar, nothing sent to the element', () => {
    const { actor, audio, context } = startPlayer()
    expect(actor.getSnapshot().value).toBe('empty')
    expect(context()).toEqual({
      show: false,
      open: false,
      playMusicId: '',
      isPlay: false,
      musicName: '',
      musicArtist: '',
      musicCover: '',
      musicUrl: '',
      duration: 0,
      trackDuration: 0,
      currentTime: 0,
      seekTime: 0,
      musicLoading: false,
      showLyric: false,
      lyricName: '',
      lyric: '',
      volume: 1,
      muted: false,
      errorMessage: '',
      queue: [],
      queueIndex: -1,
      autoplay: true,
    })
    expect(audio.commands).toEqual([])
  })

  it('loads a track: slides the bar in, spins, and starts the element directly for an mp3', () => {
    const { actor, audio, context } = startPlayer()
    actor.send({ type: 'player.load', track: SONG })
    expect(actor.getSnapshot().value).toEqual({
      track: { playback: 'loading', bar: 'shown', lyric: 'closed' },
    })
    expect(context()).toMatchObject({
      show: true,
      open: true,
      playMusicId: '101',
      musicName: '山海',
      musicCover: SONG.cover,
      musicUrl: SONG.url,
      lyricName: '山海',
      lyric: SONG.lyric,
      musicLoading: true,
      isPlay: false,
    })
    expect(audio.commands).toEqual([
      { type: 'load', url: SONG.url, direct: true },
      { type: 'play' },
    ])
  })

  it('streams any other URL as HLS', () => {
    const { load, audio, context } = startPlayer()
    load(AI_SONG)
    expect(audio.commands[0]).toEqual({ type: 'load', url: AI_SONG.url, direct: false })
    expect(context().lyric).toBe('')
  })

  it('metadata loaded sets playing and the duration, and stops the spinner', () => {
    const { load, audio, context, playback, updateMediaSession } = startPlayer()
    load(SONG)
    audio.emit({ type: 'media.loadedmetadata', duration: 183.4 })
    expect(playback()).toBe('playing')
    expect(context()).toMatchObject({ isPlay: true, duration: 183.4, musicLoading: false })
    expect(updateMediaSession.calls.at(-1)).toEqual({
      playbackState: 'playing',
      metadata: { title: '山海', artwork: SONG.cover },
      duration: 183.4,
      position: 0,
    })
  })

  it('treats an unknown or endless duration (live stream) as 0', () => {
    const { load, audio, context } = startPlayer()
    load(AI_SONG)
    audio.emit({ type: 'media.loadedmetadata', duration: Number.POSITIVE_INFINITY })
    expect(context().duration).toBe(0)
  })

  it('shows the length the page gave for a song heard while it renders, not the part made so far', () => {
    const { load, audio, context } = startPlayer()
    load({ ...AI_SONG, duration: 214.4 })
    expect(context().duration).toBe(214.4)
    audio.emit({ type: 'media.loadedmetadata', duration: 11.9 })
    expect(context().duration).toBe(214.4)
    // A file's own figure wins when it is the longer, exact one.
    load({ ...AI_SONG, id: 'ai-2', duration: 185 })
    audio.emit({ type: 'media.loadedmetadata', duration: 185.03 })
    expect(context().duration).toBe(185.03)
  })

  it('time updates set the current time', () => {
    const { audio, context } = startPlaying()
    audio.emit({ type: 'media.timeupdate', currentTime: 42.5 })
    expect(context().currentTime).toBe(42.5)
  })

  it('toggle pauses and plays through the element', () => {
    const { actor, audio, context, playback, updateMediaSession } = startPlaying()
    actor.send({ type: 'player.toggle' })
    expect(playback()).toBe('paused')
    expect(context().isPlay).toBe(false)
    expect(updateMediaSession.calls.at(-1)?.playbackState).toBe('paused')
    actor.send({ type: 'player.toggle' })
    expect(playback()).toBe('playing')
    expect(context().isPlay).toBe(true)
    expect(audio.commands).toEqual([{ type: 'pause' }, { type: 'play' }])
  })

  it('play and pause (the media keys) only act when they change something', () => {
    const { actor, audio, playback } = startPlaying()
    actor.send({ type: 'player.play' })
    expect(audio.commands).toEqual([])
    actor.send({ type: 'player.pause' })
    actor.send({ type: 'player.pause' })
    expect(playback()).toBe('paused')
    actor.send({ type: 'player.play' })
    expect(playback()).toBe('playing')
    expect(audio.commands).toEqual([{ type: 'pause' }, { type: 'play' }])
  })

  it('pause from the element sets not playing; playing from the element sets playing', () => {
    const { audio, context, playback } = startPlaying()
    audio.emit({ type: 'media.pause' })
    expect(playback()).toBe('paused')
    expect(context().isPlay).toBe(false)
    audio.emit({ type: 'media.playing' })
    expect(playback()).toBe('playing')
    expect(context().isPlay).toBe(true)
    expect(audio.commands).toEqual([])
  })

  it('ended sets not playing, also after the pause the element sends first', () => {
    const { audio, context, playback } = startPlaying()
    audio.emit({ type: 'media.pause' })
    audio.emit({ type: 'media.ended' })
    expect(playback()).toBe('ended')
    expect(context().isPlay).toBe(false)

    const other = startPlaying()
    other.audio.emit({ type: 'media.ended' })
    expect(other.playback()).toBe('ended')
  })

  it('playing an ended track starts it over from 0', () => {
    const { actor, audio, context, playback } = startPlaying()
    audio.emit({ type: 'media.timeupdate', currentTime: 180 })
    audio.emit({ type: 'media.ended' })
    actor.send({ type: 'player.toggle' })
    expect(playback()).toBe('playing')
    expect(context()).toMatchObject({ currentTime: 0, seekTime: 0, isPlay: true })
    expect(audio.commands).toEqual([{ type: 'seek', time: 0 }, { type: 'play' }])
  })

  it('seeking an ended track leaves it paused at the new time', () => {
    const { actor, audio, context, playback } = startPlaying()
    audio.emit({ type: 'media.ended' })
    actor.send({ type: 'player.seek', time: 30 })
    expect(playback()).toBe('paused')
    expect(context().seekTime).toBe(30)
    expect(audio.commands).toEqual([{ type: 'seek', time: 30 }])
  })

  it('the slider seeks within the track and moves the current time at once', () => {
    const { actor, audio, context, playback } = startPlaying()
    actor.send({ type: 'player.seek', time: 75 })
    expect(context()).toMatchObject({ seekTime: 75, currentTime: 75 })
    actor.send({ type: 'player.seek', time: 999 })
    expect(context().seekTime).toBe(180)
    actor.send({ type: 'player.seek', time: -3 })
    expect(context().seekTime).toBe(0)
    expect(playback()).toBe('playing')
    expect(audio.commands).toEqual([
      { type: 'seek', time: 75 },
      { type: 'seek', time: 180 },
      { type: 'seek', time: 0 },
    ])
  })

  it('arrows seek by steps from the current time, also while paused', () => {
    const { actor, audio, context } = startPlaying()
    audio.emit({ type: 'media.timeupdate', currentTime: 20 })
    actor.send({ type: 'player.seekBy', seconds: PLAYER_SEEK_STEP_SECONDS })
    expect(context().seekTime).toBe(25)
    actor.send({ type: 'player.pause' })
    actor.send({ type: 'player.seekBy', seconds: -PLAYER_SEEK_STEP_SECONDS })
    actor.send({ type: 'player.seekBy', seconds: -PLAYER_SEEK_STEP_SECONDS })
    expect(context().seekTime).toBe(15)
    actor.send({ type: 'player.seekBy', seconds: -100 })
    expect(context().seekTime).toBe(0)
    expect(audio.commands.filter((command) => command.type === 'seek')).toEqual([
      { type: 'seek', time: 25 },
      { type: 'seek', time: 20 },
      { type: 'seek', time: 15 },
      { type: 'seek', time: 0 },
    ])
  })

  it('ignores seeking while loading: there is nothing to seek in yet', () => {
    const { actor, audio, load, context } = startPlayer()
    load(SONG)
    audio.commands.length = 0
    actor.send({ type: 'player.seek', time: 30 })
    actor.send({ type: 'player.seekBy', seconds: 5 })
    expect(audio.commands).toEqual([])
    expect(context().seekTime).toBe(0)
  })

  it('buffering shows the spinner while the track stays playing', () => {
    const { audio, context, playback } = startPlaying()
    audio.emit({ type: 'media.waiting' })
    expect(context().musicLoading).toBe(true)
    expect(playback()).toBe('playing')
    audio.emit({ type: 'media.playing' })
    expect(context().musicLoading).toBe(false)
    audio.emit({ type: 'media.waiting' })
    audio.emit({ type: 'media.pause' })
    expect(context().musicLoading).toBe(false)
  })

  it('pausing while loading pauses the element; the metadata then only sets the duration', () => {
    const { actor, audio, load, context, playback } = startPlayer()
    load(SONG)
    actor.send({ type: 'player.toggle' })
    expect(playback()).toBe('paused')
    expect(context().musicLoading).toBe(false)
    audio.emit({ type: 'media.loadedmetadata', duration: 180 })
    expect(playback()).toBe('paused')
    expect(context().duration).toBe(180)
    expect(audio.commands.at(-1)).toEqual({ type: 'pause' })
  })

  it('a start the browser refuses (autoplay policy) leaves the track paused', () => {
    const { load, audio, playback } = startPlayer()
    load(SONG)
    audio.emit({ type: 'media.pause' })
    expect(playback()).toBe('paused')
  })

  describe('playing the same track again', () => {
    it('toggles pause and play without reloading', () => {
      const { load, audio, context, playback } = startPlaying()
      audio.emit({ type: 'media.timeupdate', currentTime: 50 })
      load(SONG)
      expect(playback()).toBe('paused')
      load(SONG)
      expect(playback()).toBe('playing')
      expect(context().currentTime).toBe(50)
      expect(audio.commands).toEqual([{ type: 'pause' }, { type: 'play' }])
    })

    it('opens a hidden bar again', () => {
      const { actor, load, context, playback } = startPlaying()
      actor.send({ type: 'player.hide' })
      expect(context().open).toBe(false)
      load(SONG)
      expect(context().open).toBe(true)
      expect(actor.getSnapshot().matches({ track: { bar: 'shown' } })).toBe(true)
      expect(playback()).toBe('paused')
    })
  })

  describe('playing another track', () => {
    it('replaces the current one from 0 and loads it', () => {
      const { actor, load, audio, context, playback } = startPlaying()
      audio.emit({ type: 'media.timeupdate', currentTime: 50 })
      actor.send({ type: 'player.seek', time: 90 })
      audio.commands.length = 0
      load(AI_SONG)
      expect(playback()).toBe('loading')
      expect(context()).toMatchObject({
        playMusicId: '7',
        musicName: 'AI 作品',
        musicCover: AI_SONG.cover,
        musicUrl: AI_SONG.url,
        lyricName: 'AI 作品',
        lyric: '',
        seekTime: 0,
        currentTime: 0,
        duration: 0,
        isPlay: false,
        musicLoading: true,
      })
      expect(audio.commands).toEqual([
        { type: 'load', url: AI_SONG.url, direct: false },
        { type: 'play' },
      ])
    })

    it('opens a hidden bar again and closes the old lyric', () => {
      const { actor, load, context } = startPlaying()
      actor.send({ type: 'player.lyric.open' })
      actor.send({ type: 'player.hide' })
      load(AI_SONG)
      expect(actor.getSnapshot().value).toEqual({
        track: { playback: 'loading', bar: 'shown', lyric: 'closed' },
      })
      expect(context()).toMatchObject({ open: true, showLyric: false, show: true })
    })
  })

  describe('disposing', () => {
    it('an empty URL disposes of the player and unloads the element, keeping the volume', () => {
      const { actor, load, audio, context, updateMediaSession } = startPlaying()
      actor.send({ type: 'player.volume', value: 0.4 })
      audio.commands.length = 0
      load(WITHOUT_URL)
      expect(actor.getSnapshot().value).toBe('empty')
      expect(audio.commands).toEqual([{ type: 'unload' }])
      expect(context()).toMatchObject({
        show: false,
        open: false,
        playMusicId: '',
        isPlay: false,
        musicName: '',
        musicUrl: '',
        duration: 0,
        showLyric: false,
        volume: 0.4,
      })
      expect(updateMediaSession.calls.at(-1)).toEqual({
        playbackState: 'none',
        metadata: null,
        duration: 0,
        position: 0,
      })
    })

    it('player.dispose does the same', () => {
      const { actor, audio } = startPlaying()
      actor.send({ type: 'player.dispose' })
      expect(actor.getSnapshot().value).toBe('empty')
      expect(audio.commands).toEqual([{ type: 'unload' }])
    })

    it('an empty URL with nothing loaded changes nothing', () => {
      const { load, actor, audio } = startPlayer()
      load(WITHOUT_URL)
      load({ ...SONG, url: '   ' })
      expect(actor.getSnapshot().value).toBe('empty')
      expect(audio.commands).toEqual([])
    })

    it('a disposed player plays again', () => {
      const { actor, load, audio } = startPlaying()
      actor.send({ type: 'player.dispose' })
      load(SONG)
      expect(selectPlaybackState(actor.getSnapshot())).toBe('loading')
      expect(audio.commands.at(-2)).toEqual({ type: 'load', url: SONG.url, direct: true })
    })
  })

  describe('the bar', () => {
    it('hides and shows again', () => {
      const { actor, context } = startPlaying()
      actor.send({ type: 'player.hide' })
      expect(actor.getSnapshot().matches({ track: { bar: 'hidden' } })).toBe(true)
      expect(context()).toMatchObject({ open: false, show: true, isPlay: true })
      actor.send({ type: 'player.show' })
      expect(context().open).toBe(true)
    })

    it('does not show without a track', () => {
      const { actor, context } = startPlayer()
      actor.send({ type: 'player.show' })
      expect(context()).toMatchObject({ show: false, open: false })
    })
  })

  describe('volume', () => {
    it('sets the volume within 0 to 1 and tells the element', () => {
      const { actor, audio, context } = startPlayer()
      actor.send({ type: 'player.volume', value: 0.3 })
      actor.send({ type: 'player.volume', value: 7 })
      actor.send({ type: 'player.volume', value: -1 })
      actor.send({ type: 'player.volume', value: Number.NaN })
      expect(context().volume).toBe(0)
      expect(audio.commands).toEqual([
        { type: 'volume', volume: 0.3, muted: false },
        { type: 'volume', volume: 1, muted: false },
        { type: 'volume', volume: 0, muted: false },
        { type: 'volume', volume: 0, muted: false },
      ])
    })

    it('mutes and unmutes; raising the volume unmutes', () => {
      const { actor, audio, context } = startPlaying()
      actor.send({ type: 'player.mute.toggle' })
      expect(context().muted).toBe(true)
      actor.send({ type: 'player.mute.toggle' })
      expect(context().muted).toBe(false)
      actor.send({ type: 'player.mute.toggle' })
      actor.send({ type: 'player.volume', value: 0 })
      expect(context().muted).toBe(true)
      actor.send({ type: 'player.volume', value: 0.6 })
      expect(context()).toMatchObject({ muted: false, volume: 0.6 })
      expect(audio.commands).toEqual([
        { type: 'volume', volume: 1, muted: true },
        { type: 'volume', volume: 1, muted: false },
        { type: 'volume', volume: 1, muted: true },
        { type: 'volume', volume: 0, muted: true },
        { type: 'volume', volume: 0.6, muted: false },
      ])
    })
  })

  describe('the lyric dialog', () => {
    it('asks a visitor to log in and stays closed', () => {
      const { actor, requestLogin, context } = startPlaying(SONG, { loggedIn: false })
      actor.send({ type: 'player.lyric.open' })
      expect(requestLogin.calls).toHaveLength(1)
      expect(actor.getSnapshot().matches({ track: { lyric: 'closed' } })).toBe(true)
      expect(context().showLyric).toBe(false)
    })

    it('opens for a logged-in user and closes again', () => {
      const { actor, requestLogin, context } = startPlaying()
      actor.send({ type: 'player.lyric.open' })
      expect(actor.getSnapshot().matches({ track: { lyric: 'open' } })).toBe(true)
      expect(context()).toMatchObject({ showLyric: true, lyricName: '山海', lyric: SONG.lyric })
      expect(requestLogin.calls).toEqual([])
      actor.send({ type: 'player.lyric.close' })
      expect(context().showLyric).toBe(false)
    })

    it('keeps playing while open, and opens the same way while paused', () => {
      const { actor, playback } = startPlaying()
      actor.send({ type: 'player.lyric.open' })
      expect(playback()).toBe('playing')
      actor.send({ type: 'player.toggle' })
      expect(playback()).toBe('paused')
      expect(actor.getSnapshot().context.showLyric).toBe(true)
    })

    it('has nothing to open without a track', () => {
      const { actor, requestLogin, context } = startPlayer({ loggedIn: false })
      actor.send({ type: 'player.lyric.open' })
      expect(requestLogin.calls).toEqual([])
      expect(context().showLyric).toBe(false)
    })

    it('closes when the player is disposed', () => {
      const { actor, context } = startPlaying()
      actor.send({ type: 'player.lyric.open' })
      actor.send({ type: 'player.dispose' })
      expect(context().showLyric).toBe(false)
    })
  })

  describe('a broken stream', () => {
    it('reports the failure without a message of its own and leaves the bar up without a spinner', () => {
      const { load, audio, context, playback, reportError } = startPlayer()
      load(AI_SONG)
      audio.emit({ type: 'media.error' })
      expect(playback()).toBe('error')
      // The view words a failure that comes without a message.
      expect(reportError.calls).toEqual([{ message: '' }])
      expect(context()).toMatchObject({
        errorMessage: '',
        musicLoading: false,
        isPlay: false,
        show: true,
        open: true,
      })
    })

    it("reports the actor's own message when it has one", () => {
      const { audio, context, reportError } = startPlaying()
      audio.emit({ type: 'media.error', message: '当前浏览器不支持播放该音频' })
      expect(reportError.calls).toEqual([{ message: '当前浏览器不支持播放该音频' }])
      expect(context().isPlay).toBe(false)
      expect(context().errorMessage).toBe('当前浏览器不支持播放该音频')
    })

    it.each([{ type: 'player.toggle' }, { type: 'player.play' }] as const)(
      '$type retries the same source',
      (event) => {
        const { actor, audio, context, playback } = startPlaying(AI_SONG)
        audio.emit({ type: 'media.error' })
        audio.commands.length = 0
        actor.send(event)
        expect(playback()).toBe('loading')
        expect(context().errorMessage).toBe('')
        expect(audio.commands).toEqual([
          { type: 'load', url: AI_SONG.url, direct: false },
          { type: 'play' },
        ])
        audio.emit({ type: 'media.loadedmetadata', duration: 120 })
        expect(playback()).toBe('playing')
      },
    )

    it('loading the same track again retries it', () => {
      const { load, audio, playback } = startPlaying(AI_SONG)
      audio.emit({ type: 'media.error' })
      load(AI_SONG)
      expect(playback()).toBe('loading')
    })

    it('another track replaces the broken one', () => {
      const { load, audio, context, playback } = startPlaying(AI_SONG)
      audio.emit({ type: 'media.error' })
      load(SONG)
      expect(playback()).toBe('loading')
      expect(context()).toMatchObject({ playMusicId: '101', errorMessage: '' })
      expect(audio.commands.at(-2)).toEqual({ type: 'load', url: SONG.url, direct: true })
    })

    it('ignores what a broken element still reports, and seeking', () => {
      const { actor, audio, playback } = startPlaying()
      audio.emit({ type: 'media.error' })
      audio.commands.length = 0
      audio.emit({ type: 'media.pause' })
      audio.emit({ type: 'media.playing' })
      audio.emit({ type: 'media.ended' })
      actor.send({ type: 'player.seek', time: 10 })
      expect(playback()).toBe('error')
      expect(audio.commands).toEqual([])
    })

    it('can still be hidden, disposed and its lyric opened', () => {
      const { actor, audio, context } = startPlaying()
      audio.emit({ type: 'media.error' })
      actor.send({ type: 'player.lyric.open' })
      actor.send({ type: 'player.hide' })
      expect(context()).toMatchObject({ showLyric: true, open: false })
      actor.send({ type: 'player.dispose' })
      expect(actor.getSnapshot().value).toBe('empty')
    })
  })

  it('by default plays nothing and asks visitors to log in, without failing', () => {
    const actor = createActor(playerMachine).start()
    actor.send({ type: 'player.load', track: SONG })
    actor.send({ type: 'player.lyric.open' })
    expect(actor.getSnapshot().value).toEqual({
      track: { playback: 'loading', bar: 'shown', lyric: 'closed' },
    })
    actor.send({ type: 'player.dispose' })
    expect(actor.getSnapshot().value).toBe('empty')
  })
})

describe('playerMachine queue', () => {
  const THIRD: PlayerTrack = { ...SONG, id: '102', name: '星河', artist: '林夕雨' }
  const LIST = [SONG, AI_SONG, THIRD]

  function startWithRememberer() {
    const remembered = createRecorder<RememberedQueue>()
    const audio = createFakeAudio()
    const actor = createActor(
      playerMachine.provide({
        actors: { audio: audio.logic },
        actions: { rememberQueue: remembered.action },
      }),
    ).start()
    return { actor, audio, remembered, context: () => actor.getSnapshot().context }
  }

  it('播放全部 queues the list and plays its first track; next and previous walk it', () => {
    const { actor, audio, context } = startWithRememberer()
    actor.send({ type: 'player.queue', tracks: LIST })
    expect(context()).toMatchObject({ playMusicId: '101', queueIndex: 0, musicName: '山海' })
    expect(audio.commands).toEqual([
      { type: 'load', url: SONG.url, direct: true },
      { type: 'play' },
    ])
    actor.send({ type: 'player.next' })
    expect(context()).toMatchObject({ playMusicId: '7', queueIndex: 1 })
    expect(audio.commands.slice(2)).toEqual([
      { type: 'load', url: AI_SONG.url, direct: false },
      { type: 'play' },
    ])
    actor.send({ type: 'player.next' })
    expect(context()).toMatchObject({ playMusicId: '102', musicArtist: '林夕雨' })
    // The last track: next does nothing.
    const sent = audio.commands.length
    actor.send({ type: 'player.next' })
    expect(context().playMusicId).toBe('102')
    expect(audio.commands.length).toBe(sent)
    actor.send({ type: 'player.previous' })
    expect(context()).toMatchObject({ playMusicId: '7', queueIndex: 1 })
  })

  it('starts at the track asked for and leaves out tracks without a URL', () => {
    const { actor, context } = startWithRememberer()
    actor.send({ type: 'player.queue', tracks: [SONG, WITHOUT_URL, THIRD], startIndex: 2 })
    expect(context()).toMatchObject({ playMusicId: '102', queueIndex: 1 })
    expect(context().queue.map((track) => track.id)).toEqual(['101', '102'])
  })

  it('a list with nothing playable changes nothing', () => {
    const { actor } = startWithRememberer()
    actor.send({ type: 'player.queue', tracks: [WITHOUT_URL] })
    expect(actor.getSnapshot().value).toBe('empty')
  })

  it('previous on the first track starts it again', () => {
    const { actor, audio } = startWithRememberer()
    actor.send({ type: 'player.queue', tracks: LIST })
    audio.emit({ type: 'media.loadedmetadata', duration: 180 })
    audio.emit({ type: 'media.timeupdate', currentTime: 42 })
    audio.commands.length = 0
    actor.send({ type: 'player.previous' })
    expect(audio.commands).toEqual([{ type: 'seek', time: 0 }])
    expect(actor.getSnapshot().context.playMusicId).toBe('101')
  })

  it('the end of a track plays the next one; the end of the queue stops', () => {
    const { actor, audio, context } = startWithRememberer()
    actor.send({ type: 'player.queue', tracks: [SONG, THIRD] })
    audio.emit({ type: 'media.loadedmetadata', duration: 180 })
    // The element pauses before it ends.
    audio.emit({ type: 'media.pause' })
    audio.emit({ type: 'media.ended' })
    expect(context()).toMatchObject({ playMusicId: '102', musicLoading: true })
    audio.emit({ type: 'media.loadedmetadata', duration: 120 })
    audio.emit({ type: 'media.ended' })
    expect(selectPlaybackState(actor.getSnapshot())).toBe('ended')
  })

  it('loading a track of the queue keeps the queue; another track replaces it', () => {
    const { actor, context } = startWithRememberer()
    actor.send({ type: 'player.queue', tracks: LIST })
    actor.send({ type: 'player.load', track: THIRD })
    expect(context()).toMatchObject({ playMusicId: '102', queueIndex: 2 })
    expect(context().queue).toHaveLength(3)
    const other = { ...SONG, id: '999' }
    actor.send({ type: 'player.load', track: other })
    expect(context()).toMatchObject({ queue: [other], queueIndex: 0 })
  })

  it('remembers the queue on every track, and forgets it on dispose', () => {
    const { actor, remembered } = startWithRememberer()
    actor.send({ type: 'player.queue', tracks: LIST })
    actor.send({ type: 'player.next' })
    expect(remembered.calls).toEqual([
      { tracks: LIST, index: 0 },
      { tracks: LIST, index: 1 },
    ])
    actor.send({ type: 'player.dispose' })
    expect(remembered.calls.at(-1)).toEqual({ tracks: [], index: -1 })
  })

  it('a restored track waits paused, loaded but silent, until play', () => {
    const { actor, audio, context } = startWithRememberer()
    actor.send({ type: 'player.restore', tracks: LIST, index: 2 })
    expect(selectPlaybackState(actor.getSnapshot())).toBe('paused')
    expect(context()).toMatchObject({ show: true, isPlay: false, playMusicId: '102' })
    expect(audio.commands).toEqual([{ type: 'load', url: THIRD.url, direct: true }])
    actor.send({ type: 'player.toggle' })
    expect(audio.commands.at(-1)).toEqual({ type: 'play' })
    expect(selectPlaybackState(actor.getSnapshot())).toBe('playing')
    // Next after a restore plays at once, like any other step through the queue.
    actor.send({ type: 'player.previous' })
    expect(context()).toMatchObject({ playMusicId: '7', autoplay: true })
  })
})

// The queue's events are tested above; walking them here would multiply the paths by every queue.
const QUEUE_EVENTS = new Set<string>([
  'player.queue',
  'player.restore',
  'player.next',
  'player.previous',
])

const NUMBER_ONLY_EVENTS = new Set<string>([
  'player.seekBy',
  'player.volume',
  'player.mute.toggle',
  'media.timeupdate',
])

/**
 * The commands a step must send to the audio element, from where playback was: written from the
 * spec (a new track loads and plays inside the click; pause, play and seek go to the element; an
 * ended track restarts from 0; a failed one retries its source; a track without a URL or a
 * dispose empties the element), not read from the chart.
 */
function expectedAudioCommands(
  before: { playback: ReturnType<typeof selectPlaybackState>; trackId: string; url: string },
  event: PlayerEvent | PlayerMediaEvent,
): AudioCommand[] {
  const loadAndPlay = (url: string): AudioCommand[] => [
    { type: 'load', url, direct: isDirectAudioUrl(url) },
    { type: 'play' },
  ]
  const toggle = (): AudioCommand[] => {
    switch (before.playback) {
      case 'loading':
      case 'playing':
        return [{ type: 'pause' }]
      case 'paused':
        return [{ type: 'play' }]
      case 'ended':
        return [{ type: 'seek', time: 0 }, { type: 'play' }]
      case 'error':
        return loadAndPlay(before.url)
      default:
        return []
    }
  }
  const loaded = before.playback !== 'empty'
  switch (event.type) {
    case 'player.load':
      if (event.track.url.trim() === '') return loaded ? [{ type: 'unload' }] : []
      // The same track again shows the bar and toggles it.
      if (loaded && event.track.id === before.trackId) return toggle()
      return loadAndPlay(event.track.url)
    case 'player.dispose':
      return loaded ? [{ type: 'unload' }] : []
    case 'player.toggle':
      return toggle()
    case 'player.play':
      return ['paused', 'ended', 'error'].includes(before.playback) ? toggle() : []
    case 'player.pause':
      return ['loading', 'playing'].includes(before.playback) ? [{ type: 'pause' }] : []
    case 'player.seek':
      return ['playing', 'paused', 'ended'].includes(before.playback)
        ? [{ type: 'seek', time: event.time }]
        : []
    default:
      return []
  }
}

describe('playerMachine paths', () => {
  // The model has no invoked audio actor to send commands to; what the element receives is
  // checked on the real machine above. It plays for a logged-in user, so the lyric can open.
  const modelMachine = toTestModelMachine(
    playerMachine.provide({
      actions: { commandAudio: () => {} },
      guards: { isLoggedIn: () => true },
    }),
  )
  const model = createTestModel(modelMachine, {
    events: [
      { type: 'player.load', track: SONG },
      { type: 'player.load', track: AI_SONG },
      { type: 'player.load', track: WITHOUT_URL },
      { type: 'player.seek', time: 30 },
      { type: 'media.loadedmetadata', duration: 180 },
      { type: 'media.error', message: '音频解码失败' },
      // A failure without a message of its own: the machine reports '' and the view words it.
      { type: 'media.error' },
    ],
    // Arrow seeks, time updates and the volume only change numbers within a state; walking them
    // would multiply the paths (every time and volume reached) without reaching a new state.
    // The tests above cover them.
    filterEvents: (_, event) =>
      !NUMBER_ONLY_EVENTS.has(event.type) && !QUEUE_EVENTS.has(event.type),
    // A state is its chart state and context, however it was reached.
    serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
  })
  const paths = model.getShortestPaths()
  const transitions = everyTransition(model)

  it('visits every state, with each track', () => {
    const visited = paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)])
    const expected = ['"empty"']
    for (const playback of ['loading', 'playing', 'paused', 'ended', 'error']) {
      for (const bar of ['shown', 'hidden']) {
        for (const lyric of ['closed', 'open']) {
          expected.push(JSON.stringify({ track: { playback, bar, lyric } }))
        }
      }
    }
    expect(new Set(visited.map((state) => JSON.stringify(state.value)))).toEqual(new Set(expected))
    expect(new Set(visited.map((state) => state.context.playMusicId))).toEqual(
      new Set(['', '101', '7']),
    )
    // A broken stream keeps the actor's message, or '' when it gave none.
    expect(
      new Set(
        visited
          .filter((state) => state.matches({ track: { playback: 'error' } }))
          .map((state) => state.context.errorMessage),
      ),
    ).toEqual(new Set(['音频解码失败', '']))
  })

  it.each(transitions.map((transition) => [transition.description, transition] as const))(
    '%s',
    async (_, transition) => {
      const player = startPlayer()
      /** Runs a step, then checks what reached the element, the error line and the media session. */
      const checked = (run: (event: PlayerEvent | PlayerMediaEvent) => void) => (step: Step) => {
        // xstate/graph types a step's event as `{ type }`; at run time it is the full event.
        const event = step.event as PlayerEvent | PlayerMediaEvent
        const before = {
          playback: player.playback(),
          trackId: player.context().playMusicId,
          url: player.context().musicUrl,
        }
        const commandsBefore = player.audio.commands.length
        const errorsBefore = player.reportError.calls.length
        run(event)
        expect(player.audio.commands.slice(commandsBefore)).toEqual(
          expectedAudioCommands(before, event),
        )
        expect(player.reportError.calls.slice(errorsBefore)).toEqual(
          event.type === 'media.error' &&
            ['loading', 'playing', 'paused', 'ended'].includes(before.playback)
            ? [{ message: event.message ?? '' }]
            : [],
        )
        // The system's media controls show what the bar shows.
        const session = player.updateMediaSession.calls.at(-1)
        const playback = player.playback()
        expect(session?.playbackState ?? 'none').toBe(
          playback === 'empty' ? 'none' : playback === 'playing' ? 'playing' : 'paused',
        )
        expect(player.requestLogin.calls).toEqual([])
      }
      const sendStepEvent = checked((event) => {
        player.actor.send(event as PlayerEvent)
      })
      // Media events come from the element, so the fake audio actor sends them.
      const emitFromElement = checked((event) => {
        player.audio.emit(event as PlayerMediaEvent)
      })
      const executors = {
        'player.load': sendStepEvent,
        'player.toggle': sendStepEvent,
        'player.play': sendStepEvent,
        'player.pause': sendStepEvent,
        'player.seek': sendStepEvent,
        'player.seekBy': sendStepEvent,
        'player.volume': sendStepEvent,
        'player.mute.toggle': sendStepEvent,
        'player.show': sendStepEvent,
        'player.hide': sendStepEvent,
        'player.dispose': sendStepEvent,
        'player.lyric.open': sendStepEvent,
        'player.lyric.close': sendStepEvent,
        'media.loadedmetadata': emitFromElement,
        'media.playing': emitFromElement,
        'media.pause': emitFromElement,
        'media.ended': emitFromElement,
        'media.timeupdate': emitFromElement,
        'media.waiting': emitFromElement,
        'media.error': emitFromElement,
      }
      await replaySteps(transition.steps, executors, (expected) => {
        expect(player.actor.getSnapshot().value).toEqual(expected.value)
        expect(player.actor.getSnapshot().context).toEqual(expected.context)
      })
    },
  )
})
