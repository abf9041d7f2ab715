/**
 * A worker thread that runs AI tasks on the configured engine (the built-in one, or hosted models
 * for the tasks that have one), so the thread serving HTTP stays responsive while a song renders
 * or separates. One task at a time; progress is posted back at most every 100 ms.
 */
import { AudioError, encodeWav, normalizeFile, singerPreview, type GeneratedFile } from '@gy/audio'
import { createConfiguredAiEngine, type AiEngineSettings } from '@gy/audio/hosted'
import { parentPort, workerData } from 'node:worker_threads'
import type {
  EngineOutput,
  EngineTask,
  EngineThreadReply,
  EngineThreadRequest,
  GeneratedSongOutput,
  SongListener,
} from './engineTask'

const port = parentPort
if (port === null) throw new Error('engineThread must run as a worker thread')

// The runner passes the server's engine settings (plain data) as the thread starts.
const engine = createConfiguredAiEngine(
  (workerData as { engine?: AiEngineSettings } | null)?.engine ?? { kind: 'local' },
)

function songOf(variant: GeneratedFile): GeneratedSongOutput {
  return { mp3: variant.mp3, ...infoOf(variant) }
}

function infoOf(variant: Omit<GeneratedFile, 'mp3'>): Omit<GeneratedSongOutput, 'mp3'> {
  return {
    lrc: variant.lrc,
    coverSvg: variant.coverSvg,
    title: variant.title,
    durationSeconds: variant.durationSeconds,
    seed: variant.seed,
    key: variant.key,
    tempo: variant.tempo,
    style: variant.style,
  }
}
const PROGRESS_INTERVAL_MS = 100

function transferablesOf(output: EngineOutput): ArrayBuffer[] {
  const arrays =
    output.kind === 'generate'
      ? output.songs.map((song) => song.mp3)
      : output.kind === 'separate'
        ? [output.vocals, output.accompaniment]
        : [output.audio]
  return arrays
    .map((array) => array.buffer)
    .filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer)
}

async function run(
  task: EngineTask,
  onProgress: (fraction: number) => void,
  songs: Required<SongListener>,
): Promise<EngineOutput> {
  switch (task.kind) {
    case 'generate': {
      const { variants } = await engine.generateFile(task.request, {
        onProgress,
        onVariantStart: (index, variant) => songs.started(index, infoOf(variant)),
        onFrames: (index, frames) => songs.frames(index, frames),
        onVariant: (variant, index) => songs.finished(index, songOf(variant)),
      })
      return {
        kind: 'generate',
        songs: variants.map(songOf),
      }
    }
    case 'separate': {
      const stems = await engine.separateFile(task.input, { onProgress })
      return {
        kind: 'separate',
        vocals: stems.vocals,
        accompaniment: stems.accompaniment,
        durationSeconds: stems.durationSeconds,
      }
    }
    case 'preview': {
      // Through the file jobs' mastering, so the preview too keeps -1 dBTP once decoded.
      const preview = encodeWav(singerPreview(task.singer), { bitDepth: 24 })
      return { kind: 'preview', audio: (await normalizeFile(preview, { kbps: 128 })).audio }
    }
    case 'cover': {
      const cover = await engine.coverFile(task.input, {
        singer: task.singer,
        semitones: task.semitones,
        vocalGainDb: task.vocalGainDb,
        accompanimentGainDb: task.accompanimentGainDb,
        onProgress,
      })
      return { kind: 'cover', audio: cover.audio, durationSeconds: cover.durationSeconds }
    }
  }
}

port.on('message', (request: EngineThreadRequest) => {
  const { taskId, task } = request
  const reply = (message: EngineThreadReply, transfer: ArrayBuffer[] = []): void =>
    port.postMessage(message, transfer)
  let lastProgressAt = 0
  const onProgress = (fraction: number): void => {
    const now = Date.now()
    if (now - lastProgressAt < PROGRESS_INTERVAL_MS && fraction < 1) return
    lastProgressAt = now
    reply({ taskId, progress: Math.max(0, Math.min(1, fraction)) })
  }
  const songs: Required<SongListener> = {
    started: (index, info) => reply({ taskId, songStarted: info, index }),
    // Frames are the encoder's to keep or reuse: they travel as a copy.
    frames: (index, frames) => reply({ taskId, songFrames: frames.slice(), index }),
    // A song told early is copied, not moved: the final output carries the same bytes.
    finished: (index, song) => reply({ taskId, song: { ...song, mp3: song.mp3.slice() }, index }),
  }
  run(task, onProgress, songs).then(
    (output) => reply({ taskId, output }, transferablesOf(output)),
    (error: unknown) =>
      reply({
        taskId,
        failure: {
          message: error instanceof Error ? error.message : String(error),
          // A hosted model's failure settles the job with its reason too: the prediction already
          // had its whole deadline, and another try would keep the user waiting as long again.
          input: error instanceof AudioError && error.code !== 'cancelled',
        },
      }),
  )
})
port.postMessage({ ready: true } satisfies EngineThreadReply)
