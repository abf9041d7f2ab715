/**
 * Upload budget: "Uploading and depositing a 50 MB audio file: peak extra memory under 100 MB
 * (streamed hashing)".
 *
 * The real server runs as a child process (`src/server.ts` on a free loopback port, embedded
 * database, local disk storage). A 50 MB WAV (a tone, generated here a megabyte at a time) is
 * sent to `obs/uploadFile` as a signed multipart body over a socket, streamed, never held whole
 * on either side. The server's extra memory is its resident set above what it held idle just
 * before (after one small warm-up upload and deposit, so code and font loading are not counted): the kernel's peak
 * (VmHWM, reset through /proc/<pid>/clear_refs) and RSS sampled every 5 ms, whichever is higher.
 * The deposit of the uploaded file (`keepRecord/uploadListing`: the log append and the certificate
 * PDF) happens inside the same window, so the row covers "uploading and depositing".
 */
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Deposit, UploadedFile } from '@gy/api/contract'
import type { Envelope } from '@gy/api/envelope'
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import type { BenchLabels, BenchResult } from '../../scripts/bench-types'
import { streamedUploadBody } from '../src/routes/user-server/uploadTestKit'
import { httpCall, loginOverHttp, startServerProcess } from '../src/test/serverProcess'
import { signedHeaders } from '../src/test/signing'
import { UPLOAD_URL } from '../src/routes/user-server/uploadTestKit'

const FILE_BYTES = 50 * 1024 * 1024
const BUDGET_BYTES = 100 * 1024 * 1024
const CHUNK_BYTES = 1024 * 1024
const SAMPLE_RATE = 44_100

const BUDGET = 'Uploading and depositing a 50 MB audio file: server peak extra memory'
const SUBJECTS = {
  upload: '50 MB WAV uploaded over loopback, signed multipart, wall clock',
  deposit: 'Depositing it (log append, certificate PDF), wall clock',
} as const

export const labels: BenchLabels = { budgets: [BUDGET], references: Object.values(SUBJECTS) }

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** A canonical 44-byte PCM WAV header: 16-bit stereo at 44.1 kHz, `dataBytes` of samples. */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + dataBytes, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(2, 22)
  header.writeUInt32LE(SAMPLE_RATE, 24)
  header.writeUInt32LE(SAMPLE_RATE * 4, 28)
  header.writeUInt16LE(4, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(dataBytes, 40)
  return header
}

/** `total` bytes of a 440 Hz stereo tone as WAV, a megabyte at a time. */
function* wavChunks(total: number): Generator<Buffer> {
  const dataBytes = total - 44
  yield wavHeader(dataBytes)
  let frame = 0
  for (let sent = 0; sent < dataBytes;) {
    const size = Math.min(CHUNK_BYTES, dataBytes - sent)
    const chunk = Buffer.alloc(size)
    for (let at = 0; at + 4 <= size; at += 4, frame++) {
      const sample = Math.round(Math.sin((2 * Math.PI * 440 * frame) / SAMPLE_RATE) * 12_000)
      chunk.writeInt16LE(sample, at)
      chunk.writeInt16LE(sample, at + 2)
    }
    sent += size
    yield chunk
  }
}

async function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]
  if (kilobytes === undefined) throw new Error(`no ${field} in /proc/${pid}/status`)
  return Number(kilobytes) * 1024
}

/** Resets the kernel's peak RSS of `pid` to its current RSS; false where that is not allowed. */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** Uploads `fileBytes` of WAV over HTTP, streamed; answers the envelope. */
async function uploadOverSocket(
  baseUrl: string,
  token: string,
  fileBytes: number,
): Promise<Envelope<UploadedFile>> {
  const body = streamedUploadBody('audio', 'bench.wav')
  const url = new URL(UPLOAD_URL, baseUrl)
  const outgoing = request(url, {
    method: 'POST',
    headers: {
      ...signedHeaders({ bodyText: '', secret: DEV_SIGN_SECRET, now: Date.now(), token }),
      'content-type': body.contentType,
      'content-length': String(body.opening.length + fileBytes + body.closing.length),
    },
  })
  const answered = new Promise<string>((resolve, reject) => {
    outgoing.once('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve(text))
      response.on('error', reject)
    })
    outgoing.once('error', reject)
  })
  function* everything(): Generator<Buffer> {
    yield body.opening
    yield* wavChunks(fileBytes)
    yield body.closing
  }
  await pipeline(Readable.from(everything()), outgoing)
  return JSON.parse(await answered) as Envelope<UploadedFile>
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gy-bench-uploads-'))
  const server = await startServerProcess({ DATA_DIR: dataDir })
  try {
    const { accessToken } = await loginOverHttp(server.baseUrl, '86:13900000050')
    // Warm-up: the multipart parser and the upload path loaded and compiled before measuring.
    const warmUp = await uploadOverSocket(server.baseUrl, accessToken, 256 * 1024)
    if (warmUp.code !== '000') throw new Error(`warm-up upload failed: ${JSON.stringify(warmUp)}`)
    // The certificate's fonts and HarfBuzz load once per process, on the first deposit: warmed
    // up here too, so the row measures what one more 50 MB deposit costs.
    await httpCall(server.baseUrl, '/api/music-server/keepRecord/uploadListing', {
      token: accessToken,
      body: { fileId: warmUp.data.fileId, title: '预热' },
    })
    await new Promise((resolve) => setTimeout(resolve, 500))

    const idle = await statusField(server.pid, 'VmRSS')
    const peakIsKernels = await resetPeak(server.pid)
    let sampledPeak = idle
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        sampledPeak = Math.max(sampledPeak, await statusField(server.pid, 'VmRSS'))
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()
    const started = performance.now()
    const answer = await uploadOverSocket(server.baseUrl, accessToken, FILE_BYTES)
    const seconds = (performance.now() - started) / 1000
    const uploadSeconds = seconds
    const depositStarted = performance.now()
    const deposited =
      answer.code === '000'
        ? await httpCall<Deposit>(server.baseUrl, '/api/music-server/keepRecord/uploadListing', {
            token: accessToken,
            body: { fileId: answer.data.fileId, title: '基准测试作品' },
          })
        : null
    const depositMs = performance.now() - depositStarted
    sampling = false
    await sampler
    if (answer.code !== '000') throw new Error(`upload failed: ${JSON.stringify(answer)}`)
    if (answer.data.size !== FILE_BYTES) throw new Error(`stored ${answer.data.size} bytes`)
    if (deposited?.code !== '000') throw new Error(`deposit failed: ${JSON.stringify(deposited)}`)

    const kernelPeak = peakIsKernels ? await statusField(server.pid, 'VmHWM') : 0
    const extra = Math.max(sampledPeak, kernelPeak) - idle
    return [
      {
        area: 'uploads',
        budget: BUDGET,
        target: '< 100 MB',
        measured: `${megabytes(extra)} (idle ${megabytes(idle)})`,
        pass: extra < BUDGET_BYTES,
      },
      {
        reference: true,
        area: 'uploads',
        subject: SUBJECTS.upload,
        measured: `${uploadSeconds.toFixed(2)} s (${(FILE_BYTES / (1024 * 1024) / uploadSeconds).toFixed(0)} MB/s)`,
      },
      {
        reference: true,
        area: 'uploads',
        subject: SUBJECTS.deposit,
        measured: `${Math.round(depositMs)} ms`,
      },
    ]
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
