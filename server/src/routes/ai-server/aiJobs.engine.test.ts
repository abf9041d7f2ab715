/**
 * The AI jobs with the real engine in its threads: a separation and a cover of an uploaded song
 * run end to end, while the API keeps answering (the heavy work is off the event loop).
 */
import type { AiJob, SingerList, UploadedFile } from '@gy/api/contract'
import { LOCAL_ENGINE_VERSION, decodeMp3, encodeWav, readMp3Aigc } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { givePoints, waitForJob } from '../../test/aiTestKit'
import { call, loginAs } from '../../test/call'
import { createTestApp } from '../../test/testApp'
import { uploadFile } from '../user-server/uploadTestKit'

/** A few seconds of a sung-like line over a chord: something the separation can tell apart. */
function testSong(seconds: number, sampleRate = 44100) {
  const length = Math.round(seconds * sampleRate)
  const left = new Float32Array(length)
  const right = new Float32Array(length)
  for (let index = 0; index < length; index++) {
    const time = index / sampleRate
    const melody = 220 * 2 ** ((Math.floor(time * 2) % 5) / 12)
    const vibrato = 1 + 0.01 * Math.sin(2 * Math.PI * 5 * time)
    const voice = 0.25 * Math.sin(2 * Math.PI * melody * vibrato * time)
    const chord =
      0.08 * Math.sin(2 * Math.PI * 130.81 * time) + 0.08 * Math.sin(2 * Math.PI * 196 * time)
    left[index] = voice + chord * 1.3
    right[index] = voice + chord * 0.7
  }
  return { sampleRate, channels: [left, right] }
}

describe('AI jobs on the real engine', () => {
  let app: FastifyInstance
  let token: string
  let fileId: string

  beforeAll(async () => {
    app = await createTestApp({ singerPreviews: true })
    const login = await loginAs(app, '86:13711112222')
    token = login.accessToken
    await givePoints(app, login.userInfo.userId, 200)
    const upload = await uploadFile(app, token, 'audio', '测试歌曲.wav', encodeWav(testSong(6)))
    fileId = (upload.envelope.data as UploadedFile).fileId
  })
  afterAll(async () => {
    await app.close()
  })

  it('separates an upload into two labelled stems while the API keeps answering', async () => {
    const submitted = await call<AiJob>(app, '/api/ai-server/musicfy/separateVoice', {
      token,
      body: { fileId },
    })
    expect(submitted.envelope.code).toBe('000')
    // Answered by the event loop while the engine thread works.
    const balance = await call(app, '/api/music-server/ai/music/integral', { token })
    expect(balance.envelope.code).toBe('000')
    const job = await waitForJob(app, token, submitted.envelope.data.jobId, undefined, 60_000)
    expect(job.state).toBe('succeeded')
    expect(job.engine).toBe(`local-dsp@${LOCAL_ENGINE_VERSION}`)
    expect(job.results.map((result) => result.name)).toEqual(['人声', '伴奏'])
    for (const result of job.results) {
      expect(result.duration).toBeGreaterThan(5.5)
      const file = await app.inject({ method: 'GET', url: result.url })
      const bytes = new Uint8Array(file.rawPayload)
      expect(readMp3Aigc(bytes)?.ProduceID).toBe(result.id)
      const decoded = await decodeMp3(bytes)
      expect(decoded.channels[0]?.length ?? 0).toBeGreaterThan(5 * decoded.sampleRate)
    }
  }, 90_000)

  it('covers an upload with a singer preset', async () => {
    const submitted = await call<AiJob>(app, '/api/ai-server/musicfy/convertVoice', {
      token,
      body: { singerId: 'warm-male', fileId, semitones: -5 },
    })
    expect(submitted.envelope.code).toBe('000')
    const job = await waitForJob(app, token, submitted.envelope.data.jobId, undefined, 60_000)
    expect(job.state).toBe('succeeded')
    expect(job.results).toHaveLength(1)
    expect(job.results[0]?.role).toBe('cover')
    expect(job.results[0]?.duration).toBeGreaterThan(5.5)
  }, 90_000)

  it('generates two songs in advanced mode with the title, lyrics and style given', async () => {
    const submitted = await call<AiJob>(app, '/api/music-server/ai/music/creation', {
      token,
      body: {
        mode: 'advanced',
        title: '月光小夜曲',
        lyrics: '[verse]\n月光洒在窗前\n我想起了从前\n[chorus]\n唱一首歌给你听',
        style: '民谣',
        mood: '温柔',
        tempo: 84,
        seed: 42,
      },
    })
    expect(submitted.envelope.code).toBe('000')
    const job = await waitForJob(app, token, submitted.envelope.data.jobId, undefined, 120_000)
    expect({ state: job.state, error: job.error }).toEqual({ state: 'succeeded', error: null })
    expect(job.results).toHaveLength(2)
    for (const result of job.results) {
      expect(result.name).toBe('月光小夜曲')
      expect(result.lyric).toContain('月光洒在窗前')
      expect(result.duration).toBeGreaterThan(30)
    }
  }, 150_000)

  it('lists each singer with a preview of the voice, made by a worker on start', async () => {
    const singers = await vi.waitFor(
      async () => {
        const answer = await call<SingerList>(app, '/api/ai-server/musicfy/singerList', { token })
        const records = answer.envelope.data.records
        const unheard = records.filter((singer) => singer.previewUrl === '')
        expect(unheard, 'singers with no preview yet').toEqual([])
        return records
      },
      { timeout: 60_000, interval: 100 },
    )
    expect(singers.length).toBeGreaterThan(3)
    for (const singer of singers) {
      const file = await app.inject({ method: 'GET', url: singer.previewUrl })
      expect(file.statusCode).toBe(200)
      const bytes = new Uint8Array(file.rawPayload)
      expect(readMp3Aigc(bytes)?.ProduceID).toBe(`singer-preview:${singer.singerId}`)
      const audio = await decodeMp3(bytes)
      expect((audio.channels[0]?.length ?? 0) / audio.sampleRate).toBeGreaterThan(4)
    }
  }, 90_000)

  it('fails and refunds a job whose audio cannot be processed', async () => {
    // Silence: the engine refuses it after the job was accepted (it reads the whole file).
    const silent = encodeWav({ sampleRate: 44100, channels: [new Float32Array(44100 * 3)] })
    const upload = await uploadFile(app, token, 'audio', '静音.wav', silent)
    const before = await call<{ points: number }>(app, '/api/music-server/ai/music/integral', {
      token,
    })
    const submitted = await call<AiJob>(app, '/api/ai-server/musicfy/separateVoice', {
      token,
      body: { fileId: (upload.envelope.data as UploadedFile).fileId },
    })
    const job = await waitForJob(app, token, submitted.envelope.data.jobId, undefined, 60_000)
    expect(job.state).toBe('failed')
    expect(job.error).toMatch(/[\u4e00-\u9fa5]/)
    const after = await call<{ points: number }>(app, '/api/music-server/ai/music/integral', {
      token,
    })
    expect(after.envelope.data.points).toBe(before.envelope.data.points)
  }, 90_000)
})
