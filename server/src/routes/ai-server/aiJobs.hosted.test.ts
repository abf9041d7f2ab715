/**
 * The AI_ENGINE switch end to end: a server configured with a hosted separation model sends the
 * job to it (a stand-in service on 127.0.0.1 speaking the predictions API), from the engine
 * thread, through the same route and job records; a hosted model that fails settles the job with
 * a Chinese reason and gives the points back; a task without a hosted model stays on the built-in
 * engine.
 */
import type { AiJob, UploadedFile } from '@gy/api/contract'
import { decodeMp3, encodeWav, readMp3Aigc } from '@gy/audio'
import { startPredictionStandIn, type PredictionStandIn } from '@gy/audio/hosted/standIn'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, givePoints, testMp3Bytes, waitForJob } from '../../test/aiTestKit'
import { call, loginAs } from '../../test/call'
import { createTestApp } from '../../test/testApp'
import { uploadFile } from '../user-server/uploadTestKit'

/** Part of a song, as a WAV file: what a Demucs-like model answers. */
async function part(song: Uint8Array, gain: number): Promise<Uint8Array> {
  const audio = await decodeMp3(song)
  return encodeWav({ ...audio, channels: audio.channels.map((c) => c.map((v) => v * gain)) })
}

describe('AI jobs on hosted models (AI_ENGINE=hosted)', () => {
  let service: PredictionStandIn
  let app: FastifyInstance
  let token: string
  let fileId: string

  beforeAll(async () => {
    service = await startPredictionStandIn({
      demucs: {
        run: async (_input, files) => {
          const song = files.audio as Uint8Array
          return { vocals: await part(song, 0.6), no_vocals: await part(song, 0.4) }
        },
      },
      'rvc-out-of-memory': { outcome: 'failed' },
    })
    app = await createTestApp({
      env: {
        AI_ENGINE: 'hosted',
        AI_HOSTED_BASE_URL: service.baseUrl,
        AI_HOSTED_TOKEN: service.token,
        AI_HOSTED_TIMEOUT_SECONDS: '30',
        AI_HOSTED_SEPARATION_MODEL: 'demucs',
        AI_HOSTED_COVER_MODEL: 'rvc-out-of-memory',
      },
    })
    const login = await loginAs(app, '86:13711113333')
    token = login.accessToken
    await givePoints(app, login.userInfo.userId, 200)
    const upload = await uploadFile(app, token, 'audio', '测试歌曲.mp3', testMp3Bytes())
    fileId = (upload.envelope.data as UploadedFile).fileId
  })
  afterAll(async () => {
    await app.close()
    await service.close()
  })

  it('separates on the hosted model, and the job record says so', async () => {
    const submitted = await call<AiJob>(app, '/api/ai-server/musicfy/separateVoice', {
      token,
      body: { fileId },
    })
    expect(submitted.envelope.code).toBe('000')
    const job = await waitForJob(app, token, submitted.envelope.data.jobId, undefined, 60_000)
    expect(job.state).toBe('succeeded')
    expect(service.predictions).toHaveLength(1)
    expect(job.engine).toMatch(/^hosted\+local-dsp@separation=demucs;cover=rvc-out-of-memory;/)
    expect(job.results.map((result) => result.name)).toEqual(['人声', '伴奏'])
    for (const result of job.results) {
      const file = await app.inject({ method: 'GET', url: result.url })
      const bytes = new Uint8Array(file.rawPayload)
      expect(readMp3Aigc(bytes)?.ProduceID).toBe(result.id)
      const decoded = await decodeMp3(bytes)
      expect(decoded.channels[0]?.length ?? 0).toBeGreaterThan(1.5 * decoded.sampleRate)
    }
  }, 90_000)

  it('fails a job whose hosted model fails with a Chinese reason, and refunds it', async () => {
    const before = await balanceOf(app, token)
    const submitted = await call<AiJob>(app, '/api/ai-server/musicfy/convertVoice', {
      token,
      body: { singerId: 'warm-male', fileId, semitones: -5 },
    })
    expect(submitted.envelope.code).toBe('000')
    const job = await waitForJob(app, token, submitted.envelope.data.jobId, undefined, 60_000)
    expect(job.state).toBe('failed')
    expect(job.error).toContain('云端模型未能完成处理')
    expect(await balanceOf(app, token)).toBe(before)
  }, 90_000)
})
