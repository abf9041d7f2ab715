/**
 * The messages between the AI job runner and its engine threads. A task is one job's heavy work:
 * bytes in, MP3 bytes out, with progress on the way.
 */
import type { GenerationRequest, SingerPresetId } from '@gy/audio'

export type EngineTask =
  | { kind: 'generate'; request: GenerationRequest }
  | { kind: 'preview'; singer: SingerPresetId }
  | { kind: 'separate'; input: Uint8Array }
  | {
      kind: 'cover'
      input: Uint8Array
      singer: SingerPresetId
      semitones: number
      vocalGainDb: number
      accompanimentGainDb: number
    }

export interface GeneratedSongOutput {
  mp3: Uint8Array
  lrc: string
  coverSvg: string
  title: string
  durationSeconds: number
  seed: number
  key: string
  tempo: number
  style: string
}

/** A song's details, known before its audio: what a live song's result row shows. */
export type GeneratedSongInfo = Omit<GeneratedSongOutput, 'mp3'>

/**
 * What a generation tells while it runs, song by song: its details, its MPEG frames as they are
 * encoded (the song can be heard before it is complete), then its whole file. The task's output
 * still carries every song.
 */
export interface SongListener {
  started?(index: number, info: GeneratedSongInfo): void
  frames?(index: number, frames: Uint8Array): void
  finished?(index: number, song: GeneratedSongOutput): void
}

export type EngineOutput =
  | { kind: 'generate'; songs: GeneratedSongOutput[] }
  | { kind: 'separate'; vocals: Uint8Array; accompaniment: Uint8Array; durationSeconds: number }
  | { kind: 'cover'; audio: Uint8Array; durationSeconds: number }
  | { kind: 'preview'; audio: Uint8Array }

/** Why a task failed. `input`: the input cannot be processed, and trying again will not help. */
export interface EngineFailure {
  message: string
  input: boolean
}

export type EngineThreadRequest = { taskId: number; task: EngineTask }
export type EngineThreadReply =
  | { ready: true }
  | { taskId: number; progress: number }
  | { taskId: number; songStarted: GeneratedSongInfo; index: number }
  | { taskId: number; songFrames: Uint8Array; index: number }
  /** One generated song, told before the task ends so it can be heard while the next renders. */
  | { taskId: number; song: GeneratedSongOutput; index: number }
  | { taskId: number; output: EngineOutput }
  | { taskId: number; failure: EngineFailure }
