/**
 * Test helpers of the AI zone: an engine runner whose outcome each test scripts (so the job
 * machinery, points and refunds are tested without waiting for the real engine, which has tests
 * of its own and one end-to-end run in aiJobs.engine.test.ts), points for a user, and waiting for
 * a job to settle.
 */
import type { AiJob } from '@gy/api/contract'
import { encodeMp3, scanMp3 } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { EngineTaskError, type AiTaskRunner } from '../ai/enginePool'
import type { EngineOutput, EngineTask } from '../ai/engineTask'
import { grantPoints } from '../domain/points'
import { steppedTone } from '../media/testTones'
import { call } from './call'

export type ScriptedOutcome = 'succeed' | 'fail-input' | 'fail-passing' | 'wait'

export interface ScriptedRunner extends AiTaskRunner {
  /** Outcomes of the next runs, in order; once used up, runs succeed. */
  script: ScriptedOutcome[]
  /** Tasks this says yes to fail as bad input, whatever the script says. */
  failInputWhen: (task: EngineTask) => boolean
  /** The tasks run so far. */
  readonly tasks: EngineTask[]
  /** Lets every run that is waiting ('wait') succeed, and later ones not wait, until `reset`. */
  release(): void
  /** Forgets the script; 'wait' waits again. */
  reset(): void
}

let testMp3: Uint8Array | undefined
/** A real two-second MP3: the stored results must be audio the player and the labels read. */
export function testMp3Bytes(): Uint8Array {
  testMp3 ??= encodeMp3(steppedTone(2))
  return testMp3
}

let testSong: Uint8Array | undefined
/** A generated song long enough to be heard in segments while it "renders" (ten seconds). */
export function testSongBytes(): Uint8Array {
  testSong ??= encodeMp3(steppedTone(10))
  return testSong
}

function outputFor(task: EngineTask): EngineOutput {
  const mp3 = testMp3Bytes().slice()
  if (task.kind === 'separate') {
    return { kind: 'separate', vocals: mp3, accompaniment: mp3.slice(), durationSeconds: 2 }
  }
  if (task.kind === 'cover') return { kind: 'cover', audio: mp3, durationSeconds: 2 }
  const song = (seed: number) => ({
    mp3: testSongBytes().slice(),
    lrc: '[00:00.00]月光洒在窗前',
    coverSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    title: '月光',
    durationSeconds: 10,
    seed,
    key: 'C',
    tempo: 96,
    style: 'pop',
  })
  return { kind: 'generate', songs: [song(1), song(2)] }
}

/** The MPEG frames of an MP3 or a segment, in order: its tags and Info frame left out. */
export function audioFramesOf(mp3: Uint8Array): Uint8Array {
  const stream = scanMp3(mp3)
  if (stream === null) throw new Error('not an MP3')
  return Buffer.concat(
    stream.frames.map((frame) => mp3.subarray(frame.offset, frame.offset + frame.length)),
  )
}

/** The start of the frame that holds byte `at`: frames are told whole. */
function frameBoundaryBefore(frames: Uint8Array, at: number): number {
  let boundary = 0
  for (const frame of scanMp3(frames)?.frames ?? []) {
    if (frame.offset > at) break
    boundary = frame.offset
  }
  return boundary
}

export function scriptedRunner(): ScriptedRunner {
  const waiting: (() => void)[] = []
  let released = false
  const runner: ScriptedRunner = {
    engine: 'scripted@test',
    script: [],
    tasks: [],
    failInputWhen: () => false,
    release() {
      released = true
      for (const resolve of waiting.splice(0)) resolve()
    },
    reset() {
      runner.script.length = 0
      released = false
    },
    async run(task, onProgress, songs) {
      // The singer previews a worker makes on start are not the tests' jobs.
      if (task.kind === 'preview') return { kind: 'preview', audio: testMp3Bytes().slice() }
      runner.tasks.push(task)
      const outcome = runner.failInputWhen(task)
        ? 'fail-input'
        : (runner.script.shift() ?? 'succeed')
      onProgress(0.5)
      if (outcome === 'fail-input') throw new EngineTaskError('音频无法处理：文件已损坏', true)
      if (outcome === 'fail-passing') throw new EngineTaskError('engine thread exited (1)', false)
      const output = outputFor(task)
      // A generation streams its first song, as the engine thread does: its details, most of its
      // frames (it can be heard), then, once released, the rest and the whole file.
      const first = output.kind === 'generate' ? output.songs[0] : undefined
      const frames = first === undefined ? undefined : audioFramesOf(first.mp3)
      const heardEarly = frames === undefined ? 0 : frames.length - 4096
      if (first !== undefined && frames !== undefined) {
        const { mp3: _file, ...info } = first
        songs?.started?.(0, info)
        songs?.frames?.(0, frames.subarray(0, frameBoundaryBefore(frames, heardEarly)))
      }
      if (outcome === 'wait' && !released) {
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
      if (first !== undefined && frames !== undefined) {
        songs?.frames?.(0, frames.subarray(frameBoundaryBefore(frames, heardEarly)))
        songs?.finished?.(0, first)
      }
      return output
    },
    async close() {
      runner.release()
    },
  }
  return runner
}

export async function givePoints(app: FastifyInstance, userId: string, points: number) {
  await grantPoints(app.db, userId, points, '测试赠送', app.clock())
}

export async function balanceOf(app: FastifyInstance, token: string): Promise<number> {
  const answer = await call<{ points: number }>(app, '/api/music-server/ai/music/integral', {
    token,
  })
  return answer.envelope.data.points
}

/** Polls the job every 50 ms until `ready` says yes of it; fails after `timeoutMs`. */
async function pollJob(
  app: FastifyInstance,
  token: string,
  jobId: string,
  ready: (job: AiJob) => boolean,
  timeoutMs: number,
): Promise<AiJob> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = await call<AiJob>(app, '/api/ai-server/musicfy/jobQuery', {
      token,
      body: { jobId },
    })
    if (answer.envelope.code !== '000') {
      throw new Error(`job query failed: ${JSON.stringify(answer.envelope)}`)
    }
    const job = answer.envelope.data
    if (ready(job)) return job
    if (Date.now() > deadline) {
      throw new Error(
        `job ${jobId} still ${job.state} with ${job.results.length} results after ${timeoutMs} ms`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Polls the job until it is in one of `states`; fails after `timeoutMs`. */
export function waitForJob(
  app: FastifyInstance,
  token: string,
  jobId: string,
  states: readonly AiJob['state'][] = ['succeeded', 'failed'],
  timeoutMs = 20_000,
): Promise<AiJob> {
  return pollJob(app, token, jobId, (job) => states.includes(job.state), timeoutMs)
}

/** Polls a generation until it hands over its first song, which it does while it still runs. */
export function waitForFirstSong(
  app: FastifyInstance,
  token: string,
  jobId: string,
  timeoutMs = 20_000,
): Promise<AiJob> {
  return pollJob(app, token, jobId, (job) => job.results.length > 0, timeoutMs)
}

/** The rows a refused submission must leave unchanged. */
export async function aiRowCounts(app: FastifyInstance) {
  const count = async (table: 'ai_jobs' | 'ai_results' | 'ai_shares' | 'points_ledger') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('rows'))
          .executeTakeFirstOrThrow()
      ).rows,
    )
  return {
    jobs: await count('ai_jobs'),
    results: await count('ai_results'),
    shares: await count('ai_shares'),
    ledger: await count('points_ledger'),
  }
}
