/**
 * The predictions client against a stand-in service on 127.0.0.1: every way the service can fail
 * ends in an AudioError with a Chinese reason, within the time limits, and the prediction is
 * cancelled on the service when the client gives up on it.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { AudioError } from '../errors'
import { PredictionClient, type Prediction } from './predictionClient'
import {
  startPredictionStandIn,
  type PredictionStandIn,
  type StandInModel,
} from './predictionStandIn'

const FILE = new Uint8Array([1, 2, 3, 4, 5])

let standIn: PredictionStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

async function clientFor(
  models: Record<string, StandInModel>,
  options: { requestTimeoutMs?: number } = {},
): Promise<{ client: PredictionClient; service: PredictionStandIn }> {
  const service = await startPredictionStandIn(models)
  standIn = service
  const client = new PredictionClient({
    baseUrl: service.baseUrl,
    token: service.token,
    pollIntervalMs: 10,
    requestTimeoutMs: options.requestTimeoutMs ?? 2000,
    inlineInputBytes: 4,
  })
  return { client, service }
}

/** The AudioError a promise rejects with (fails the test if it resolves or throws anything else). */
async function failureOf(promise: Promise<unknown>): Promise<AudioError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AudioError)
  return error as AudioError
}

const soon = () => Date.now() + 5000

describe('PredictionClient', () => {
  it('creates a prediction, follows it to success and downloads its file', async () => {
    const { client, service } = await clientFor({
      demucs: { processingPolls: 3, run: (_input, files) => ({ vocals: files.audio ?? FILE }) },
    })
    const seen: Prediction['status'][] = []
    const logs: string[] = []
    const prediction = await client.run(
      'demucs',
      { audio: `data:audio/wav;base64,${Buffer.from(FILE.slice(0, 3)).toString('base64')}`, n: 2 },
      {
        deadline: soon(),
        onUpdate: (update) => {
          seen.push(update.status)
          logs.push(update.logs)
        },
      },
    )
    expect(seen[0]).toBe('starting')
    expect(seen).toContain('processing')
    expect(seen.at(-1)).toBe('succeeded')
    expect(logs.some((text) => /\d+%/.test(text))).toBe(true)
    expect(service.predictions[0]?.input.n).toBe(2)
    // A 5 s deadline: the service is told to stop it after a minute or two at most.
    expect(service.predictions[0]?.cancelAfter).toBe('2m')
    const url = (prediction.output as Record<string, string>).vocals as string
    expect(Array.from(await client.download(url, { deadline: soon() }))).toEqual([1, 2, 3])
    expect(service.authorizations[0]).toBe(`Bearer ${service.token}`)
  })

  it('sends small files inline and uploads larger ones first', async () => {
    const { client, service } = await clientFor({})
    const small = await client.fileInput(FILE.slice(0, 4), 'audio/wav', { deadline: soon() })
    expect(small.startsWith('data:audio/wav;base64,')).toBe(true)
    const large = await client.fileInput(FILE, 'audio/wav', { deadline: soon() })
    expect(large.startsWith(`${service.baseUrl}/files/`)).toBe(true)
    expect(service.uploads).toBe(1)
    expect(Array.from(await client.download(large, { deadline: soon() }))).toEqual(Array.from(FILE))
  })

  it('says the model does not answer when the service answers 500', async () => {
    const { client } = await clientFor({ broken: { create: 'server-error' } })
    const error = await failureOf(client.run('broken', {}, { deadline: soon() }))
    expect(error.code).toBe('hosted_unavailable')
    expect(error.message).toContain('云端模型无响应，请稍后再试')
  })

  it('says the answer is unrecognisable when it is not JSON', async () => {
    const { client } = await clientFor({ garbled: { create: 'malformed' } })
    const error = await failureOf(client.run('garbled', {}, { deadline: soon() }))
    expect(error.code).toBe('hosted_bad_response')
    expect(error.message).toContain('云端模型返回了无法识别的结果')
  })

  it('says the request was refused when the token or model is wrong', async () => {
    const { client } = await clientFor({ locked: { create: 'unauthorized' } })
    expect((await failureOf(client.run('locked', {}, { deadline: soon() }))).code).toBe(
      'hosted_refused',
    )
    expect((await failureOf(client.run('no-such-model', {}, { deadline: soon() }))).code).toBe(
      'hosted_refused',
    )
  })

  it('says the model failed when the prediction fails, without its internal error', async () => {
    const { client } = await clientFor({ oom: { outcome: 'failed' } })
    const error = await failureOf(client.run('oom', {}, { deadline: soon() }))
    expect(error.code).toBe('hosted_failed')
    expect(error.message).not.toContain('CUDA')
  })

  it('gives up at the deadline and cancels the prediction on the service', async () => {
    const { client, service } = await clientFor({ stuck: { outcome: 'never' } })
    const error = await failureOf(client.run('stuck', {}, { deadline: Date.now() + 300 }))
    expect(error.code).toBe('hosted_unavailable')
    expect(service.predictions[0]?.canceled).toBe(true)
  })

  it('gives up on polls that never answer in time, and cancels', async () => {
    const { client, service } = await clientFor(
      { slow: { pollDelayMs: 400 } },
      { requestTimeoutMs: 100 },
    )
    const error = await failureOf(client.run('slow', {}, { deadline: soon() }))
    expect(error.code).toBe('hosted_unavailable')
    expect(service.predictions[0]?.canceled).toBe(true)
  })

  it('waits for slow polls that answer within the request timeout', async () => {
    const { client } = await clientFor({ slow: { pollDelayMs: 50 } }, { requestTimeoutMs: 1000 })
    const prediction = await client.run('slow', {}, { deadline: soon() })
    expect(prediction.status).toBe('succeeded')
  })

  it('stops when the job is cancelled, and cancels the prediction', async () => {
    const { client, service } = await clientFor({ stuck: { outcome: 'never' } })
    const controller = new AbortController()
    const running = client.run(
      'stuck',
      {},
      {
        deadline: soon(),
        signal: controller.signal,
        onUpdate: (prediction) => {
          if (prediction.status === 'processing') controller.abort()
        },
      },
    )
    expect((await failureOf(running)).code).toBe('cancelled')
    expect(service.predictions[0]?.canceled).toBe(true)
  })

  it('refuses an output file that is gone (404)', async () => {
    const { client } = await clientFor({ lost: { output: 'missing-files', run: () => FILE } })
    const prediction = await client.run('lost', {}, { deadline: soon() })
    const error = await failureOf(
      client.download(prediction.output as string, { deadline: soon() }),
    )
    expect(error.code).toBe('hosted_bad_response')
  })

  it('says the model does not answer when nothing listens', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    await new Promise((resolve) => server.close(resolve))
    const client = new PredictionClient({ baseUrl: `http://127.0.0.1:${port}/v1`, token: 't' })
    expect((await failureOf(client.run('any', {}, { deadline: soon() }))).code).toBe(
      'hosted_unavailable',
    )
  })

  it('never sends the token to another host', async () => {
    const { client, service } = await clientFor({})
    const other = await startPredictionStandIn({}, 'other-token')
    try {
      const url = await new PredictionClient({
        baseUrl: other.baseUrl,
        token: other.token,
        inlineInputBytes: 0,
      }).fileInput(FILE, 'audio/wav', { deadline: soon() })
      await client.download(url, { deadline: soon() })
      expect(other.authorizations.at(-1)).toBeUndefined()
      expect(service.authorizations).toHaveLength(0)
    } finally {
      await other.close()
    }
  })
})
