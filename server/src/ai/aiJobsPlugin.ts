/**
 * Works AI jobs: the queue delivers a job's id, a worker claims the job row (state and lease),
 * runs the engine in a thread, stores the labelled outputs and settles the job. A job whose
 * attempt fails for a passing reason goes back in line; one whose input cannot be processed, or
 * that has used its attempts, fails and is refunded exactly once. A worker renews its lease while
 * it runs; a job whose lease ran out (its process died) is sent again by any live worker's sweep.
 */
import { randomUUID } from 'node:crypto'
import { AI_MESSAGES } from '@gy/api/aiMessages'
import { SINGER_PRESETS, SINGER_PRESET_IDS, writeMp3Aigc, type GenerationRequest } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { AiJobRow } from '../db/types'
import {
  abandonedJobIds,
  claimJob,
  clearUnsettledResults,
  insertEarlyResult,
  completeJob,
  failJob,
  recordProgress,
  requeueJob,
  resultRow,
  type NewAiResult,
} from '../domain/aiJobs.repository'
import { addLiveSegment, finishLiveSong } from '../domain/aiLiveSongs.repository'
import { Mp3Segmenter, type HlsSegment } from '../media/hlsPackager'
import { AI_JOB_MAX_ATTEMPTS, aigcLabel, aiJobQueue } from '../domain/aiJobs'
import { defineChore } from '../plugins/queue'
import { refundJob } from '../domain/points'
import { CONTENT_TYPES } from '../media/contentType'
import { createThreadedRunner, EngineTaskError, type AiTaskRunner } from './enginePool'
import type {
  EngineOutput,
  EngineTask,
  GeneratedSongInfo,
  GeneratedSongOutput,
  SongListener,
} from './engineTask'
import { createJobEvents, type JobEvents } from './jobEvents'

declare module 'fastify' {
  interface FastifyInstance {
    aiJobEvents: JobEvents
  }
}

export interface AiJobsPluginOptions {
  /** Replaces the threaded local engine (tests: an engine that fails or waits). */
  runner?: AiTaskRunner
  /** Whether this worker makes the singer samples it lacks when it starts. */
  singerPreviews: boolean
}

/** Makes the singer presets' previews this engine version lacks (once, on a worker's start). */
const singerPreviewsJob = defineChore('ai-singer-previews')

const PROGRESS_WRITE_MS = 250
const SWEEP_MS = 5_000
const RETRY_DELAY_SECONDS = 5
/** Segments of a song heard while it renders: short, so the first is ready soon. */
const LIVE_SEGMENT_SECONDS = 4

const SINGER_IDS: readonly string[] = SINGER_PRESET_IDS

async function taskFor(app: FastifyInstance, job: AiJobRow): Promise<EngineTask> {
  const input = job.input
  // A generation's input is the request as the route accepted it (an advanced one's title is
  // the song's, not the job's).
  if (job.kind === 'generate')
    return { kind: 'generate', request: input as unknown as GenerationRequest }
  if (job.source_key === null) throw new EngineTaskError('the job has no source audio', true)
  const bytes = await app.storage.readAll(job.source_key)
  if (job.kind === 'separate') return { kind: 'separate', input: bytes }
  const singer = String(input.singerId)
  if (!SINGER_IDS.includes(singer)) throw new EngineTaskError(AI_MESSAGES.aiSingerUnknown, true)
  return {
    kind: 'cover',
    input: bytes,
    singer: singer as (typeof SINGER_PRESET_IDS)[number],
    semitones: Number(input.semitones ?? 0),
    vocalGainDb: Number(input.vocalGainDb ?? 0),
    accompanimentGainDb: Number(input.accompanimentGainDb ?? 0),
  }
}

/** Stores a generated song's cover and describes the song as a result (its file not yet). */
async function songResult(
  app: FastifyInstance,
  job: AiJobRow,
  song: GeneratedSongInfo,
  position: number,
  engine: string,
  id: string,
): Promise<NewAiResult> {
  const cover = new TextEncoder().encode(song.coverSvg)
  return {
    id,
    position,
    role: 'song',
    name: song.title,
    audioKey: null,
    coverKey: (await app.storage.put(cover, CONTENT_TYPES.svg)).key,
    lyric: song.lrc,
    durationMs: Math.round(song.durationSeconds * 1000),
    // The creation record: enough to show the user's creative input and make it again.
    details: {
      request: job.input,
      seed: song.seed,
      key: song.key,
      tempo: song.tempo,
      style: song.style,
      engine,
      createdAt: app.clock().toISOString(),
    },
  }
}

/** Stores one generated song (MP3 with its AIGC label, cover) and describes it as a result. */
async function storeSong(
  app: FastifyInstance,
  job: AiJobRow,
  song: GeneratedSongOutput,
  position: number,
  engine: string,
  id: string = randomUUID(),
): Promise<NewAiResult> {
  const result = await songResult(app, job, song, position, engine, id)
  const labelled = writeMp3Aigc(song.mp3, aigcLabel(id))
  return { ...result, audioKey: (await app.storage.put(labelled, CONTENT_TYPES.mp3)).key }
}

/** A generated song heard while it renders: its segments are stored and listed as they come. */
interface LiveSong {
  resultId: string
  info: GeneratedSongInfo
  segmenter: Mp3Segmenter
  /** Segments listed so far; the first one brought the result row. */
  listed: number
  /** The job was taken from this attempt: nothing more is written for it. */
  dropped: boolean
}

/**
 * Stores each output (MP3 with its AIGC label, cover) and describes it as a result row; songs
 * already stored while the job ran (`early`, by position) are not stored again, and a song heard
 * live whose file was not recorded keeps its result id (`liveIds`), which its label must name.
 */
async function storeOutputs(
  app: FastifyInstance,
  job: AiJobRow,
  output: EngineOutput,
  engine: string,
  early: ReadonlyMap<number, NewAiResult>,
  liveIds: ReadonlyMap<number, string>,
): Promise<NewAiResult[]> {
  const audio = async (bytes: Uint8Array, resultId: string) =>
    (await app.storage.put(writeMp3Aigc(bytes, aigcLabel(resultId)), CONTENT_TYPES.mp3)).key
  if (output.kind === 'generate') {
    const results: NewAiResult[] = []
    for (const [position, song] of output.songs.entries()) {
      results.push(
        early.get(position) ??
          (await storeSong(app, job, song, position, engine, liveIds.get(position))),
      )
    }
    return results
  }
  if (output.kind === 'separate') {
    const durationMs = Math.round(output.durationSeconds * 1000)
    const vocalsId = randomUUID()
    const accompanimentId = randomUUID()
    return [
      {
        id: vocalsId,
        position: 0,
        role: 'vocals',
        name: '人声',
        audioKey: await audio(output.vocals, vocalsId),
        coverKey: null,
        lyric: '',
        durationMs,
        details: { engine },
      },
      {
        id: accompanimentId,
        position: 1,
        role: 'accompaniment',
        name: '伴奏',
        audioKey: await audio(output.accompaniment, accompanimentId),
        coverKey: null,
        lyric: '',
        durationMs,
        details: { engine },
      },
    ]
  }
  if (output.kind !== 'cover') throw new Error(`a ${output.kind} is not the output of a job`)
  const id = randomUUID()
  return [
    {
      id,
      position: 0,
      role: 'cover',
      name: job.title,
      audioKey: await audio(output.audio, id),
      coverKey: null,
      lyric: '',
      durationMs: Math.round(output.durationSeconds * 1000),
      details: { engine, request: job.input },
    },
  ]
}

export const aiJobsPlugin = fastifyPlugin<AiJobsPluginOptions>(
  async (app, options) => {
    const log = app.log.child({ module: 'ai-jobs' })
    const events = createJobEvents()
    app.decorate('aiJobEvents', events)
    if (!app.queue.runsWorkers) {
      // Queue the handler's queue anyway, so sends from this process find it.
      return
    }
    const leaseMs = app.config.queue.aiJobLeaseSeconds * 1000
    // Renewed three times a lease, so one slow or lost renewal never lets it lapse.
    const leaseRenewMs = leaseMs / 3
    const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs)
    const runner =
      options.runner ??
      createThreadedRunner(app.config.queue.aiConcurrency, { engine: app.config.aiEngine })

    /** Fails the job and gives its points back, both at most once. */
    async function giveUp(jobId: string, reason: string): Promise<void> {
      await app.db.transaction().execute(async (transaction) => {
        const failed = await failJob(transaction, jobId, reason, runner.engine, app.clock())
        if (failed) await refundJob(transaction, jobId, app.clock())
      })
      events.changed(jobId)
    }

    async function work(jobId: string): Promise<void> {
      const job = await claimJob(app.db, jobId, app.clock(), leaseFrom(app.clock()))
      if (job === undefined) return
      await clearUnsettledResults(app.db, jobId)
      events.changed(jobId)
      if (job.attempts > AI_JOB_MAX_ATTEMPTS) {
        await giveUp(jobId, AI_MESSAGES.aiJobInterrupted)
        return
      }
      let progress = 0
      let written = 0
      let writing: Promise<unknown> = Promise.resolve()
      const write = () => {
        written = Date.now()
        writing = writing
          .then(() => recordProgress(app.db, jobId, job.attempts, progress, leaseFrom(app.clock())))
          .then(() => events.changed(jobId))
          .catch((error: unknown) => log.warn({ err: error, jobId }, 'progress not recorded'))
      }
      const renew = setInterval(write, leaseRenewMs)
      // A generated song is heard while it renders: its frames are cut into segments of a live
      // playlist as they are encoded, and the song's file is stored as soon as it is complete.
      const early = new Map<number, NewAiResult>()
      const live = new Map<number, LiveSong>()
      let storing: Promise<unknown> = Promise.resolve()
      const inTurn = (step: () => Promise<void>, what: string) => {
        storing = storing
          .then(step)
          .catch((error: unknown) => log.warn({ err: error, jobId }, what))
      }
      const listSegments = async (position: number, segments: readonly HlsSegment[]) => {
        const song = live.get(position)
        if (song === undefined) return
        for (const segment of segments) {
          if (song.dropped) return
          const stored = await app.storage.put(segment.bytes, CONTENT_TYPES.mp3)
          const row =
            song.listed === 0
              ? await songResult(app, job, song.info, position, runner.engine, song.resultId)
              : undefined
          const listed = await addLiveSegment(
            app.db,
            jobId,
            job.attempts,
            song.resultId,
            {
              sequence: song.listed,
              storageKey: stored.key,
              durationMs: Math.round(segment.durationSeconds * 1000),
            },
            row === undefined ? undefined : resultRow(jobId, row, app.clock()),
          )
          if (!listed) song.dropped = true
          else if (song.listed++ === 0) events.changed(jobId)
        }
      }
      const songs: SongListener = {
        started: (position, info) => {
          const resultId = randomUUID()
          // Each segment carries the AIGC label in its ID3 tag, as the finished file does.
          const label = writeMp3Aigc(new Uint8Array(0), aigcLabel(resultId))
          const segmenter = new Mp3Segmenter(LIVE_SEGMENT_SECONDS, label)
          live.set(position, { resultId, info, segmenter, listed: 0, dropped: false })
        },
        frames: (position, frames) => {
          const segments = live.get(position)?.segmenter.push(frames) ?? []
          if (segments.length > 0) {
            inTurn(() => listSegments(position, segments), 'live segment not stored')
          }
        },
        finished: (position, output) =>
          inTurn(async () => {
            const song = live.get(position)
            if (song !== undefined) await listSegments(position, song.segmenter.finish())
            const result = await storeSong(
              app,
              job,
              output,
              position,
              runner.engine,
              song?.resultId,
            )
            const audioKey = result.audioKey ?? ''
            const recorded =
              song !== undefined && song.listed > 0
                ? !song.dropped &&
                  (await finishLiveSong(
                    app.db,
                    jobId,
                    job.attempts,
                    result.id,
                    audioKey,
                    result.durationMs,
                  ))
                : await insertEarlyResult(app.db, jobId, job.attempts, result, app.clock())
            if (recorded) {
              early.set(position, result)
              events.changed(jobId)
            }
          }, 'finished song not stored'),
      }
      try {
        const output = await runner.run(
          await taskFor(app, job),
          (fraction) => {
            // Storing the outputs is the last few percent.
            progress = Math.min(0.97, fraction * 0.97)
            if (Date.now() - written >= PROGRESS_WRITE_MS) write()
          },
          songs,
        )
        clearInterval(renew)
        await writing
        await storing
        const liveIds = new Map([...live].map(([position, song]) => [position, song.resultId]))
        const results = await storeOutputs(app, job, output, runner.engine, early, liveIds)
        const settled = await app.db
          .transaction()
          .execute((transaction) =>
            completeJob(transaction, jobId, job.attempts, runner.engine, results, app.clock()),
          )
        if (!settled) log.warn({ jobId }, 'job was taken over before it finished; result dropped')
        events.changed(jobId)
      } catch (error) {
        clearInterval(renew)
        await writing
        await storing
        if (error instanceof EngineTaskError && error.input) {
          await giveUp(jobId, error.message)
          return
        }
        log.warn({ err: error, jobId, attempt: job.attempts }, 'AI job attempt failed')
        if (job.attempts >= AI_JOB_MAX_ATTEMPTS) {
          await giveUp(jobId, AI_MESSAGES.aiJobFailedGeneric)
          return
        }
        if (await requeueJob(app.db, jobId, job.attempts)) {
          events.changed(jobId)
          await app.queue.send(
            aiJobQueue,
            { jobId },
            { delaySeconds: RETRY_DELAY_SECONDS, singletonKey: jobId },
          )
        }
      }
    }

    await app.queue.handle(aiJobQueue, ({ jobId }) => work(jobId), {
      concurrency: app.config.queue.aiConcurrency,
    })

    await app.queue.handle(singerPreviewsJob, async () => {
      const made = await app.db
        .selectFrom('ai_singer_previews')
        .select('singer_id')
        .where('engine', '=', runner.engine)
        .execute()
      const have = new Set(made.map((row) => row.singer_id))
      for (const singer of SINGER_PRESETS) {
        if (have.has(singer.id)) continue
        const output = await runner.run({ kind: 'preview', singer: singer.id }, () => undefined)
        if (output.kind !== 'preview')
          throw new Error('the engine answered a preview with something else')
        const labelled = writeMp3Aigc(output.audio, aigcLabel(`singer-preview:${singer.id}`))
        const stored = await app.storage.put(labelled, CONTENT_TYPES.mp3)
        await app.db
          .insertInto('ai_singer_previews')
          .values({
            singer_id: singer.id,
            engine: runner.engine,
            audio_key: stored.key,
            created_at: app.clock(),
          })
          .onConflict((conflict) => conflict.columns(['singer_id', 'engine']).doNothing())
          .execute()
      }
    })

    let sweeping = false
    async function sweep(): Promise<void> {
      if (sweeping) return
      sweeping = true
      try {
        for (const jobId of await abandonedJobIds(app.db, app.clock())) {
          log.info({ jobId }, 'AI job lost its worker; sending it again')
          await app.queue.send(aiJobQueue, { jobId }, { singletonKey: jobId })
        }
      } catch (error) {
        log.warn({ err: error }, 'AI job sweep failed')
      } finally {
        sweeping = false
      }
    }
    let sweeper: ReturnType<typeof setInterval> | undefined
    app.addHook('onReady', async () => {
      sweeper = setInterval(() => void sweep(), SWEEP_MS)
      sweeper.unref()
      if (options.singerPreviews) await app.queue.send(singerPreviewsJob, {})
    })
    app.addHook('preClose', async () => {
      if (sweeper !== undefined) clearInterval(sweeper)
    })
    app.addHook('onClose', async () => {
      await runner.close()
    })
  },
  { name: 'gy-ai-jobs', dependencies: ['gy-queue', 'gy-database', 'gy-storage'] },
)
