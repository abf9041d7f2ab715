/**
 * Composing one seed work: the audio engine's generation (the first of its two variants), MP3
 * encoding, LRC and cover. CPU-heavy and synchronous, so the server runs it in a worker thread
 * (seedWorker.ts); tests may call it directly.
 */
import { encodeMp3, generateSong } from '@gy/audio'
import { SEED_MP3_KBPS, type SeedDefinition } from './catalogue'

export interface SynthesisedWork {
  title: string
  mp3: Uint8Array
  lrc: string
  coverSvg: string
  durationSeconds: number
}

export function synthesiseSeedWork(definition: SeedDefinition): SynthesisedWork {
  const [song] = generateSong(definition.request)
  if (song === undefined) throw new Error(`No song generated for ${definition.seedKey}`)
  return {
    title: song.title,
    mp3: encodeMp3(song.audio, { kbps: SEED_MP3_KBPS }),
    lrc: song.lrc,
    coverSvg: song.coverSvg,
    durationSeconds: song.durationSeconds,
  }
}
