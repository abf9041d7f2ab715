/**
 * Composing one seed work with the audio engine: the entry's composition (the first of the
 * engine's two variants; the other is never rendered), rendered, encoded as MP3, with LRC and
 * cover.
 *
 * A work comes in two versions. The full song is what the catalogue keeps. The preview is its
 * first verse and chorus, rendered from the same composition cut after that chorus (the renderer
 * lets the last notes ring and fades them out): a newcomer waits for the first work, and the
 * time to render and encode grows with the length (a whole song takes about 14 s of CPU, its
 * first verse and chorus about 4 s).
 *
 * CPU-heavy and synchronous, so the server runs it in a worker thread (seedWorker.ts); tests may
 * call it directly.
 */
import {
  BEATS_PER_BAR,
  composeForRequest,
  encodeMp3,
  renderSong,
  writeMp3Aigc,
  type Composition,
  type PcmAudio,
} from '@gy/audio'
import { aigcLabel } from '../media/aigcLabel'
import { SEED_MP3_KBPS, type SeedDefinition } from './catalogue'

export type SeedVersion = 'preview' | 'full'

export interface SynthesisedWork {
  title: string
  mp3: Uint8Array
  lrc: string
  coverSvg: string
  durationSeconds: number
}

/** A preview shorter than the song by less than this is the song. */
const PREVIEW_MIN_SAVING_BARS = 8
/** Fade-in at the cut into the verse, so it starts without a click. */
const PREVIEW_FADE_IN_SECONDS = 0.05

export function synthesiseSeedWork(
  definition: SeedDefinition,
  version: SeedVersion = 'full',
): SynthesisedWork {
  const composition = composeForRequest(definition.request, definition.request.seed)
  const preview = version === 'preview' ? previewOf(composition) : null
  const song = renderSong(preview?.composition ?? composition)
  const startSeconds = preview?.startSeconds ?? 0
  const audio = startSeconds > 0 ? fadedInFrom(song.audio, startSeconds) : song.audio
  return {
    title: song.title,
    // The demo works are made by the platform's engine: they carry the AI label like any output.
    mp3: writeMp3Aigc(
      encodeMp3(audio, { kbps: SEED_MP3_KBPS }),
      aigcLabel(`seed:${definition.seedKey}:${version}`),
    ),
    lrc: startSeconds > 0 ? shiftLrc(song.lrc, startSeconds) : song.lrc,
    coverSvg: song.coverSvg,
    durationSeconds: (audio.channels[0]?.length ?? 0) / audio.sampleRate,
  }
}

/**
 * The composition cut after its first chorus, and where its first verse (the first section after
 * the intro) starts; null when the song has no chorus, or little after it.
 */
function previewOf(
  composition: Composition,
): { composition: Composition; startSeconds: number } | null {
  const chorusIndex = composition.sections.findIndex((section) => section.kind === 'chorus')
  const chorus = composition.sections[chorusIndex]
  if (chorus === undefined) return null
  const endBar = chorus.startBar + chorus.bars
  if (endBar + PREVIEW_MIN_SAVING_BARS > composition.totalBars) return null
  const endBeat = endBar * BEATS_PER_BAR
  const body = composition.sections.find((section) => section.kind !== 'intro')
  const secondsPerBar = (BEATS_PER_BAR * 60) / composition.brief.tempo
  return {
    composition: {
      ...composition,
      sections: composition.sections.slice(0, chorusIndex + 1),
      melody: composition.melody.filter((note) => note.startBeat < endBeat),
      phrases: composition.phrases.filter((phrase) => phrase.startBeat < endBeat),
      totalBars: endBar,
    },
    startSeconds: (body?.startBar ?? 0) * secondsPerBar,
  }
}

/** `audio` from `seconds` on, with a short fade-in. */
function fadedInFrom(audio: PcmAudio, seconds: number): PcmAudio {
  const start = Math.round(seconds * audio.sampleRate)
  const fadeLength = Math.round(PREVIEW_FADE_IN_SECONDS * audio.sampleRate)
  const channels = audio.channels.map((channel) => {
    const tail = channel.slice(start)
    for (let index = 0; index < Math.min(fadeLength, tail.length); index++) {
      tail[index] = (tail[index] as number) * (index / fadeLength)
    }
    return tail
  })
  return { sampleRate: audio.sampleRate, channels }
}

const LRC_TIME = /^\[(\d+):(\d+(?:\.\d+)?)\]/

/** The LRC with every time `seconds` earlier; lines that would fall before 0 are dropped. */
function shiftLrc(lrc: string, seconds: number): string {
  return lrc
    .split('\n')
    .flatMap((line) => {
      const time = LRC_TIME.exec(line)
      if (time === null) return [line]
      const centiseconds = Math.round((Number(time[1]) * 60 + Number(time[2]) - seconds) * 100)
      if (centiseconds < 0) return []
      const minutes = Math.floor(centiseconds / 6000)
      const rest = ((centiseconds % 6000) / 100).toFixed(2).padStart(5, '0')
      return [`[${String(minutes).padStart(2, '0')}:${rest}]${line.slice(time[0].length)}`]
    })
    .join('\n')
}
