/**
 * A stand-in for a hosted inference service, for tests: a real HTTP server on 127.0.0.1 that speaks
 * the predictions API the client uses (create, poll, cancel, file upload) and serves the result
 * files it makes. Each model version is scripted: how the creation is answered, how many polls stay
 * 'processing', how the prediction ends, and what files it outputs, computed from the real input
 * it was sent (data: URI or uploaded file).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dataUriBytes } from './predictionClient'

/** What a scripted model outputs: one file, a list of files, or files by name. */
export type StandInOutput = Uint8Array | Uint8Array[] | Record<string, Uint8Array>

export interface StandInModel {
  /** How POST /predictions is answered. Default 'created'. */
  create?: 'created' | 'server-error' | 'malformed' | 'unauthorized'
  /** Polls answered 'processing' (with a growing percentage in the logs) before the end. Default 2. */
  processingPolls?: number
  /** How it ends. 'never': it stays 'processing' for ever. Default 'succeeded'. */
  outcome?: 'succeeded' | 'failed' | 'never'
  /** Each poll is answered this late (a slow service). Default 0. */
  pollDelayMs?: number
  /** 'missing-files': the output's URLs answer 404; 'unrecognised': the output is a number. */
  output?: 'files' | 'missing-files' | 'unrecognised'
  /** The files made from the input, whose file-valued fields arrive as bytes. */
  run?: (
    input: Record<string, unknown>,
    files: Record<string, Uint8Array>,
  ) => StandInOutput | Promise<StandInOutput>
}

export interface StandInPrediction {
  id: string
  version: string
  input: Record<string, unknown>
  polls: number
  canceled: boolean
  /** The Cancel-After header the prediction was created with. */
  cancelAfter: string | undefined
  status: string
  output: unknown
}

export interface PredictionStandIn {
  /** The API root to give the client, e.g. http://127.0.0.1:39213/v1 */
  baseUrl: string
  token: string
  predictions: StandInPrediction[]
  /** Authorization headers seen on each request, in order (to check the token is sent, and where). */
  authorizations: (string | undefined)[]
  uploads: number
  close(): Promise<void>
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    request.on('data', (part: Buffer) => parts.push(part))
    request.on('end', () => resolve(Buffer.concat(parts)))
    request.on('error', reject)
  })
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' })
  response.end(JSON.stringify(body))
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startPredictionStandIn(
  models: Record<string, StandInModel>,
  token = 'stand-in-token',
): Promise<PredictionStandIn> {
  const predictions: StandInPrediction[] = []
  const authorizations: (string | undefined)[] = []
  const files = new Map<string, Uint8Array>()
  let nextId = 1
  let baseUrl = ''
  const state = { uploads: 0 }

  const storeFile = (bytes: Uint8Array): string => {
    const name = `f${nextId++}`
    files.set(name, bytes)
    return `${baseUrl}/files/${name}`
  }

  /** The bytes behind a file-valued input (a data: URI or a URL of this server's own files). */
  const resolveFile = (value: string): Uint8Array | undefined => {
    const inline = dataUriBytes(value)
    if (inline !== undefined) return inline
    const name = value.startsWith(`${baseUrl}/files/`) ? value.slice(baseUrl.length + 7) : ''
    return files.get(name)
  }

  const view = (prediction: StandInPrediction) => ({
    id: prediction.id,
    version: prediction.version,
    status: prediction.status,
    input: prediction.input,
    output: prediction.output,
    error: prediction.status === 'failed' ? 'CUDA out of memory' : null,
    logs:
      prediction.status === 'processing'
        ? `loading model\n${Math.min(99, prediction.polls * 30)}%|###`
        : '',
    urls: {
      get: `${baseUrl}/predictions/${prediction.id}`,
      cancel: `${baseUrl}/predictions/${prediction.id}/cancel`,
    },
  })

  const finish = async (prediction: StandInPrediction, model: StandInModel): Promise<void> => {
    const outcome = model.outcome ?? 'succeeded'
    if (outcome === 'never') return
    if (outcome === 'failed') {
      prediction.status = 'failed'
      return
    }
    if (model.output === 'unrecognised') {
      prediction.status = 'succeeded'
      prediction.output = 42
      return
    }
    const inputs: Record<string, Uint8Array> = {}
    for (const [key, value] of Object.entries(prediction.input)) {
      const bytes = typeof value === 'string' ? resolveFile(value) : undefined
      if (bytes !== undefined) inputs[key] = bytes
    }
    const made = (await model.run?.(prediction.input, inputs)) ?? new Uint8Array(0)
    const publish = (bytes: Uint8Array) =>
      model.output === 'missing-files' ? `${baseUrl}/files/gone-${nextId++}` : storeFile(bytes)
    prediction.output =
      made instanceof Uint8Array
        ? publish(made)
        : Array.isArray(made)
          ? made.map(publish)
          : Object.fromEntries(Object.entries(made).map(([key, bytes]) => [key, publish(bytes)]))
    prediction.status = 'succeeded'
  }

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', baseUrl)
    authorizations.push(request.headers.authorization)
    const path = url.pathname.replace(/^\/v1/, '')
    const body = await readBody(request)
    if (path.startsWith('/files/') && request.method === 'GET') {
      const bytes = files.get(path.slice('/files/'.length))
      if (bytes === undefined) {
        sendJson(response, 404, { detail: 'Not found' })
        return
      }
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' })
      response.end(bytes)
      return
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      sendJson(response, 401, { detail: 'Unauthenticated' })
      return
    }
    if (path === '/files' && request.method === 'POST') {
      // Node's own multipart parser, through the fetch API's Response.
      const form = await new Response(body, {
        headers: { 'Content-Type': request.headers['content-type'] ?? '' },
      }).formData()
      const content = form.get('content')
      if (!(content instanceof Blob)) {
        sendJson(response, 400, { detail: 'content is required' })
        return
      }
      state.uploads++
      const url = storeFile(new Uint8Array(await content.arrayBuffer()))
      sendJson(response, 201, { id: url, urls: { get: url } })
      return
    }
    if (path === '/predictions' && request.method === 'POST') {
      const parsed = JSON.parse(body.toString('utf8')) as {
        version: string
        input: Record<string, unknown>
      }
      const model = models[parsed.version]
      if (model === undefined) {
        sendJson(response, 404, { detail: 'version not found' })
        return
      }
      if (model.create === 'server-error') {
        sendJson(response, 500, { detail: 'Internal server error' })
        return
      }
      if (model.create === 'unauthorized') {
        sendJson(response, 403, { detail: 'You do not have permission' })
        return
      }
      if (model.create === 'malformed') {
        response.writeHead(201, { 'Content-Type': 'application/json' })
        response.end('{"id": "p1", "status": ')
        return
      }
      const prediction: StandInPrediction = {
        id: `p${nextId++}`,
        version: parsed.version,
        input: parsed.input,
        polls: 0,
        canceled: false,
        cancelAfter: request.headers['cancel-after'] as string | undefined,
        status: 'starting',
        output: null,
      }
      predictions.push(prediction)
      sendJson(response, 201, view(prediction))
      return
    }
    const match = /^\/predictions\/([^/]+)(\/cancel)?$/.exec(path)
    const prediction = predictions.find((candidate) => candidate.id === match?.[1])
    if (match === null || prediction === undefined) {
      sendJson(response, 404, { detail: 'Not found' })
      return
    }
    const model = models[prediction.version] ?? {}
    if (match[2] !== undefined) {
      prediction.canceled = true
      prediction.status = 'canceled'
      sendJson(response, 200, view(prediction))
      return
    }
    if (model.pollDelayMs) await new Promise((resolve) => setTimeout(resolve, model.pollDelayMs))
    if (prediction.status === 'starting' || prediction.status === 'processing') {
      prediction.polls++
      if (prediction.polls > (model.processingPolls ?? 2)) await finish(prediction, model)
      else prediction.status = 'processing'
    }
    sendJson(response, 200, view(prediction))
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { detail: 'stand-in fault' })
      else response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return {
    baseUrl,
    token,
    predictions,
    authorizations,
    get uploads() {
      return state.uploads
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
