import type { AudioCommand, PlayerMediaEvent } from '@gy/machines'
import { fromCallback } from 'xstate'
import { PLAYER_TEXT } from '../strings'

type HlsModule = typeof import('hls.js/light')
type HlsPlayer = InstanceType<HlsModule['default']>

let hlsModule: Promise<HlsModule> | undefined
/** hls.js loads on demand, never with the first page. */
function loadHls(): Promise<HlsModule> {
  // The light build: audio playlists need none of the full build's extras (subtitles, DRM, ...).
  hlsModule ??= import('hls.js/light')
  return hlsModule
}

const MEDIA_EVENTS = [
  'loadedmetadata',
  'playing',
  'pause',
  'ended',
  'timeupdate',
  'waiting',
  'error',
] as const

/**
 * The player machine's `audio` actor: one HTMLAudioElement for the whole app, playing mp3/wav URLs
 * itself and HLS playlists through hls.js (or natively where the browser can, as Safari does).
 * Events from a source that has since been replaced are dropped, so a late timeupdate never shows
 * the wrong time.
 */
export function createAudioElementActor(element: HTMLAudioElement) {
  return fromCallback<AudioCommand>(({ sendBack, receive }) => {
    let generation = 0
    let hls: HlsPlayer | undefined
    const send = (event: PlayerMediaEvent) => sendBack(event)

    function listener(eventGeneration: number) {
      return (event: Event) => {
        if (eventGeneration !== generation) return
        switch (event.type as (typeof MEDIA_EVENTS)[number]) {
          case 'loadedmetadata':
            return send({ type: 'media.loadedmetadata', duration: element.duration })
          case 'playing':
            return send({ type: 'media.playing' })
          case 'pause':
            return send({ type: 'media.pause' })
          case 'ended':
            return send({ type: 'media.ended' })
          case 'timeupdate':
            return send({ type: 'media.timeupdate', currentTime: element.currentTime })
          case 'waiting':
            return send({ type: 'media.waiting' })
          case 'error':
            // An element emptied on purpose has no source; that is not a failure.
            if (!element.getAttribute('src') && !hls) return
            return send({ type: 'media.error', message: PLAYER_TEXT.loadFailed })
        }
      }
    }

    let detach = () => {}
    function attachListeners(): void {
      detach()
      const handle = listener(generation)
      for (const type of MEDIA_EVENTS) element.addEventListener(type, handle)
      detach = () => {
        for (const type of MEDIA_EVENTS) element.removeEventListener(type, handle)
      }
    }

    function empty(): void {
      generation += 1
      detach()
      hls?.destroy()
      hls = undefined
      element.pause()
      element.removeAttribute('src')
      element.load()
    }

    async function load(url: string, direct: boolean): Promise<void> {
      empty()
      const loadGeneration = generation
      attachListeners()
      if (direct) {
        element.src = url
        return
      }
      try {
        const { default: Hls } = await loadHls()
        if (loadGeneration !== generation) return
        // hls.js first wherever Media Source works: native HLS (Safari, recent Chromium) does not
        // play every segment format hls.js does. Native playback is the fallback (iOS Safari).
        if (!Hls.isSupported()) {
          if (element.canPlayType('application/vnd.apple.mpegurl') !== '') {
            element.src = url
            play()
          } else {
            send({ type: 'media.error', message: PLAYER_TEXT.hlsUnsupported })
          }
          return
        }
        // From the first second even when the playlist is live (a generated song still
        // rendering), not from its live edge.
        const player = new Hls({ enableWorker: true, lowLatencyMode: false, startPosition: 0 })
        hls = player
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal && loadGeneration === generation) {
            send({ type: 'media.error', message: PLAYER_TEXT.loadFailed })
          }
        })
        player.loadSource(url)
        player.attachMedia(element)
        // The machine asked to play right after load; hls.js is ready only now.
        play()
      } catch {
        if (loadGeneration === generation) {
          send({ type: 'media.error', message: PLAYER_TEXT.loadFailed })
        }
      }
    }

    function play(): void {
      element.play().catch((error: unknown) => {
        // Replacing the source aborts a pending play(); that is expected, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return
        // Autoplay refused (NotAllowedError) or nothing to play yet: the player shows paused.
        send({ type: 'media.pause' })
      })
    }

    receive((command) => {
      switch (command.type) {
        case 'load':
          return void load(command.url, command.direct)
        case 'play':
          return play()
        case 'pause':
          return element.pause()
        case 'seek':
          if (Number.isFinite(command.time)) element.currentTime = command.time
          return
        case 'volume':
          element.volume = command.volume
          element.muted = command.muted
          return
        case 'unload':
          return empty()
      }
    })

    return () => empty()
  })
}
