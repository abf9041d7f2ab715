/**
 * Runs AI tasks in worker threads (engineThread.ts), a fixed number at once, so a job's heavy work
 * never blocks the event loop that serves the API. Threads start on first use and are reused; a
 * thread that dies during a task fails that task (not as bad input, so the job may be tried again)
 * and is replaced. Which engine the threads run (built in, or hosted models per task) is the
 * server's configuration, handed to each thread as it starts.
 */
import { createConfiguredAiEngine, engineLabel, type AiEngineSettings } from '@gy/audio/hosted'
import { Worker } from 'node:worker_threads'
import type { EngineOutput, EngineTask, EngineThreadReply, SongListener } from './engineTask'

export class EngineTaskError extends Error {
  /** The input cannot be processed: trying again will not help. */
  readonly input: boolean
  constructor(message: string, input: boolean) {
    super(message)
    this.name = 'EngineTaskError'
    this.input = input
  }
}

export interface AiTaskRunner {
  /** The engine and its version, recorded with each job. */
  readonly engine: string
  /** `songs`: a generation's songs as they start, stream and finish, before the task ends. */
  run(
    task: EngineTask,
    onProgress: (fraction: number) => void,
    songs?: SongListener,
  ): Promise<EngineOutput>
  /** Stops every thread; tasks under way fail. */
  close(): Promise<void>
}

interface Slot {
  worker: Worker
  ready: Promise<void>
  busy: boolean
}

function startThread(engine: AiEngineSettings): Slot {
  // The thread's module is TypeScript like the rest of the server: tsx loads it there too (a
  // worker does not inherit the parent's `--import tsx`).
  const threadModule = new URL('./engineThread.ts', import.meta.url).href
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(threadModule)}, ${JSON.stringify(import.meta.url)}))`
  const worker = new Worker(bootstrap, { eval: true, workerData: { engine } })
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve())
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`engine thread exited (${code})`)))
  })
  // A thread that fails to start must not leave an unhandled rejection behind.
  ready.catch(() => undefined)
  return { worker, ready, busy: false }
}

/**
 * A task that runs longer than this is taken to be stuck (the longest real one, a 15-minute song
 * separated, takes well under a minute): its thread is stopped, which fails the task as a passing
 * failure, so the job is tried again or refunded instead of holding its lease for ever.
 */
const TASK_TIME_LIMIT_MS = 10 * 60_000
/** Time a hosted task may take beyond its prediction's deadline: downloading, mastering, encoding. */
const HOSTED_FINISHING_MS = 2 * 60_000

export interface ThreadedRunnerOptions {
  /** Default 10 minutes, or the hosted models' deadline and two minutes to finish, if longer. */
  taskTimeLimitMs?: number
  /** Default the built-in engine. */
  engine?: AiEngineSettings
}

export function createThreadedRunner(
  threads: number,
  options: ThreadedRunnerOptions = {},
): AiTaskRunner {
  const settings: AiEngineSettings = options.engine ?? { kind: 'local' }
  const hostedLimitMs =
    settings.kind === 'hosted'
      ? (settings.hosted.timeoutSeconds ?? 600) * 1000 + HOSTED_FINISHING_MS
      : 0
  const taskTimeLimitMs = options.taskTimeLimitMs ?? Math.max(TASK_TIME_LIMIT_MS, hostedLimitMs)
  // Made here only for its name: the work is done by the threads' own.
  const engine = createConfiguredAiEngine(settings)
  const slots: Slot[] = []
  const waiting: ((slot: Slot) => void)[] = []
  let nextTaskId = 1
  let closed = false

  function acquire(): Promise<Slot> {
    const idle = slots.find((slot) => !slot.busy)
    if (idle !== undefined) {
      idle.busy = true
      return Promise.resolve(idle)
    }
    if (slots.length < threads) {
      const slot = startThread(settings)
      slot.busy = true
      slots.push(slot)
      return Promise.resolve(slot)
    }
    return new Promise((resolve) => waiting.push(resolve))
  }

  function release(slot: Slot, dead: boolean): void {
    let current = slot
    if (dead) {
      slots.splice(slots.indexOf(slot), 1)
      if (closed || waiting.length === 0) return
      current = startThread(settings)
      slots.push(current)
    }
    const next = waiting.shift()
    if (next === undefined) {
      current.busy = false
      return
    }
    current.busy = true
    next(current)
  }

  return {
    engine: engineLabel(engine),
    async run(task, onProgress, songs) {
      if (closed) throw new EngineTaskError('engine closed', false)
      const slot = await acquire()
      try {
        await slot.ready
      } catch (error) {
        release(slot, true)
        throw new EngineTaskError(error instanceof Error ? error.message : String(error), false)
      }
      const taskId = nextTaskId++
      const transfer =
        task.kind === 'generate' ||
        task.kind === 'preview' ||
        !(task.input.buffer instanceof ArrayBuffer)
          ? []
          : [task.input.buffer]
      return new Promise<EngineOutput>((resolve, reject) => {
        const onMessage = (reply: EngineThreadReply): void => {
          if (!('taskId' in reply) || reply.taskId !== taskId) return
          if ('progress' in reply) {
            onProgress(reply.progress)
            return
          }
          if ('songStarted' in reply) {
            songs?.started?.(reply.index, reply.songStarted)
            return
          }
          if ('songFrames' in reply) {
            songs?.frames?.(reply.index, reply.songFrames)
            return
          }
          if ('song' in reply) {
            songs?.finished?.(reply.index, reply.song)
            return
          }
          cleanUp()
          release(slot, false)
          if ('output' in reply) resolve(reply.output)
          else reject(new EngineTaskError(reply.failure.message, reply.failure.input))
        }
        const onExit = (code: number): void => {
          cleanUp()
          release(slot, true)
          reject(new EngineTaskError(`engine thread exited (${code})`, false))
        }
        const stuck = setTimeout(() => void slot.worker.terminate(), taskTimeLimitMs)
        const cleanUp = (): void => {
          clearTimeout(stuck)
          slot.worker.off('message', onMessage)
          slot.worker.off('exit', onExit)
        }
        slot.worker.on('message', onMessage)
        slot.worker.on('exit', onExit)
        slot.worker.postMessage({ taskId, task }, transfer)
      })
    },
    async close() {
      closed = true
      await Promise.all(slots.map((slot) => slot.worker.terminate()))
      slots.length = 0
    },
  }
}
