/**
 * `npm run test:cluster`: README "Scaling out", shown for real. Two API servers and two job
 * workers on one PostgreSQL and one S3 bucket, behind nginx, all child processes on loopback
 * (topology.ts). Every call is real HTTP; the database is read directly only to check what no
 * client can see (job rows, ledgers, upvote rows).
 */
import { createHash } from 'node:crypto'
import type { AiJob, ShareCreated, UploadedFile } from '@gy/api/contract'
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import type { Envelope } from '@gy/api/envelope'
import { MESSAGES } from '@gy/api/messages'
import { encodeWav } from '@gy/audio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flatPng } from '../src/media/testImages'
import {
  httpCall,
  smsCodeOverHttp,
  smsLoginOverHttp,
  uploadOverHttp,
} from '../src/test/serverProcess'
import { signedHeaders } from '../src/test/signing'
import { clusterRefusal, startCluster, type Cluster } from './topology'

// The one place here that reads the environment: the run's PostgreSQL (.ci/run sets it).
const DATABASE_URL = process.env.DATABASE_URL
const refusal = clusterRefusal(DATABASE_URL)
if (refusal !== null) console.log(`Skipping the cluster test: ${refusal}`)

const USER_DETAILS_URL = '/api/music-server/user/userDetails'
const SEPARATE_URL = '/api/ai-server/musicfy/separateVoice'
const JOB_QUERY_URL = '/api/ai-server/musicfy/jobQuery'
const SHARE_URL = '/api/ai-server/musicfy/share'
const UPVOTE_URL = '/api/ai-server/musicfy/upvote'
const LOAD_SECONDS = 12
/** What a load client records when nginx, not a server, answered (its 502 page). */
const NOT_AN_ENVELOPE = 'not an envelope'
const LOAD_CLIENTS = 4

/**
 * A short song-like clip: a voice-like tone in the middle, chords to the sides, and a little
 * noise so that no two clips are the same file.
 */
function clip(seconds: number, seed: number): Uint8Array {
  const sampleRate = 22_050
  const frames = Math.round(seconds * sampleRate)
  const left = new Float32Array(frames)
  const right = new Float32Array(frames)
  const root = 180 + (seed % 40) * 3
  for (let frame = 0; frame < frames; frame++) {
    const time = frame / sampleRate
    const voice =
      0.3 * Math.sin(2 * Math.PI * (root * 2 + 6 * Math.sin(2 * Math.PI * 5 * time)) * time)
    const chord =
      0.15 * Math.sin(2 * Math.PI * root * time) + 0.1 * Math.sin(2 * Math.PI * root * 1.5 * time)
    const noise = 0.01 * (Math.random() - 0.5)
    left[frame] = voice + chord + noise
    right[frame] = voice - chord + noise
  }
  return encodeWav({ sampleRate, channels: [left, right] })
}

/** A user logged in through `sendVia` and `loginVia`, with points to spend on jobs. */
async function newUser(sendVia: string, loginVia: string, points: number) {
  const phone = `86:139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const login = await smsLoginOverHttp(loginVia, phone, await smsCodeOverHttp(sendVia, phone))
  if (login.code !== '000') throw new Error(`login failed: ${JSON.stringify(login)}`)
  if (points > 0) {
    const granted = (await (
      await fetch(`${loginVia}/api/dev/points/grant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, points }),
      })
    ).json()) as Envelope
    if (granted.code !== '000') throw new Error(`grant refused: ${JSON.stringify(granted)}`)
  }
  return { phone, token: login.data.accessToken, userId: login.data.userInfo.userId }
}

function upload(baseUrl: string, token: string, name: string, bytes: Uint8Array) {
  return uploadOverHttp(baseUrl, token, { name, bytes })
}

async function waitSettled(baseUrl: string, token: string, jobId: string): Promise<AiJob> {
  const deadline = Date.now() + 100_000
  for (;;) {
    const answer = await httpCall<AiJob>(baseUrl, JOB_QUERY_URL, { token, body: { jobId } })
    if (answer.code === '000' && ['succeeded', 'failed'].includes(answer.data.state)) {
      return answer.data
    }
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} did not settle: ${JSON.stringify(answer)}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** Follows a job's event stream until the server ends it; resolves with the jobs it sent. */
async function jobEvents(baseUrl: string, token: string, jobId: string): Promise<AiJob[]> {
  const response = await fetch(
    `${baseUrl}/api/ai-server/musicfy/jobEvents?${new URLSearchParams({ jobId })}`,
    { headers: signedHeaders({ bodyText: '', secret: DEV_SIGN_SECRET, now: Date.now(), token }) },
  )
  expect(response.headers.get('content-type')).toContain('text/event-stream')
  return (await response.text())
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => (JSON.parse(event.slice('data: '.length)) as Envelope<AiJob>).data)
}

async function bytesAt(baseUrl: string, url: string): Promise<Uint8Array> {
  const response = await fetch(new URL(url, baseUrl))
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return new Uint8Array(await response.arrayBuffer())
}

describe.skipIf(refusal !== null)('two servers and two workers behind nginx', () => {
  let cluster: Cluster
  let serverA: string
  let serverB: string
  let balancer: string

  beforeAll(async () => {
    const started = Date.now()
    cluster = await startCluster(DATABASE_URL ?? '')
    console.log(`cluster started in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    ;[serverA, serverB] = cluster.servers.map((server) => server.baseUrl) as [string, string]
    balancer = cluster.balancerUrl
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it('balances over both servers: calls through nginx reach each of them', async () => {
    const phone = '86:13900000001'
    const code = await smsCodeOverHttp(serverA, phone)
    const login = await smsLoginOverHttp(balancer, phone, code)
    expect(login.code).toBe('000')
    // Round robin: of a few calls, some land on each server, and every one is answered.
    for (let call = 0; call < 6; call++) {
      const details = await httpCall(balancer, USER_DETAILS_URL, {
        token: login.data.accessToken,
      })
      expect(details.code).toBe('000')
    }
    const served = cluster.servers.map(
      (server) => server.output().split(USER_DETAILS_URL).length - 1,
    )
    expect(served.every((count) => count >= 2)).toBe(true)
  })

  it('logs in through server A (its SMS code) and is known by server B', async () => {
    const phone = '86:13900000002'
    const code = await smsCodeOverHttp(serverA, phone)
    const login = await smsLoginOverHttp(serverB, phone, code)
    expect(login.code).toBe('000')
    const token = login.data.accessToken
    const onA = await httpCall<{ userId: string }>(serverA, USER_DETAILS_URL, { token })
    const onB = await httpCall<{ userId: string }>(serverB, USER_DETAILS_URL, { token })
    expect([onA.code, onB.code]).toEqual(['000', '000'])
    // The 60 s between two codes is counted in the shared database: server B refuses a second
    // code sent so soon after server A's, and server A's clock (moved on) lets it through.
    const tooSoon = await httpCall(serverB, '/api/user-server/musicOauth/send-sms', {
      query: { phone, platform: '3', type: 'login' },
    })
    expect(tooSoon.code).toBe('429')
    // A second login supersedes the first session on both servers, not only where it happened.
    await fetch(`${serverA}/api/dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 61 }),
    })
    const again = await smsLoginOverHttp(serverA, phone, await smsCodeOverHttp(serverA, phone))
    expect(again.code).toBe('000')
    const stale = await httpCall(serverB, USER_DETAILS_URL, { token })
    expect(stale.code).toBe('402')
  })

  it('refuses on server B a signed request already answered by server A', async () => {
    const user = await newUser(serverA, serverA, 0)
    const bodyText = JSON.stringify({})
    const headers = {
      'content-type': 'application/json',
      ...signedHeaders({ bodyText, secret: DEV_SIGN_SECRET, now: Date.now(), token: user.token }),
    }
    const send = (baseUrl: string) =>
      fetch(`${baseUrl}${USER_DETAILS_URL}`, { method: 'POST', headers, body: bodyText }).then(
        async (response) => ({
          status: response.status,
          envelope: (await response.json()) as Envelope,
        }),
      )
    expect((await send(serverA)).envelope.code).toBe('000')
    const replayed = await send(serverB)
    expect(replayed.status).toBe(400)
    expect(replayed.envelope).toMatchObject({ code: '400', msg: MESSAGES.nonceReplayed })
    // And on the server that answered it first, too.
    expect((await send(serverA)).envelope.msg).toBe(MESSAGES.nonceReplayed)
  })

  it('serves through server B a file uploaded through server A, and one made by a worker', async () => {
    const user = await newUser(serverA, serverB, 100)
    const bytes = clip(1, 7)
    const uploaded = await upload(serverA, user.token, 'clip.wav', bytes)
    expect(uploaded.envelope?.code).toBe('000')
    const file = uploaded.envelope?.data as UploadedFile
    expect(await bytesAt(serverB, file.url)).toEqual(bytes)
    // A cover image the same way: what is stored (and served by B) is A's re-encoding of it.
    const image = await uploadOverHttp(serverA, user.token, {
      name: 'cover.png',
      bytes: await flatPng(64, 48, 0.5),
      purpose: 'image',
    })
    expect(image.envelope?.data.contentType).toBe('image/png')
    const served = await bytesAt(serverB, image.envelope?.data.url ?? '')
    expect(createHash('sha256').update(served).digest('hex')).toBe(image.envelope?.data.sha256)
    // The file is named by id on the other server too: a job submitted there reads its bytes.
    const job = await httpCall<AiJob>(serverB, SEPARATE_URL, {
      token: user.token,
      body: { fileId: file.fileId },
    })
    expect(job.code).toBe('000')
    const settled = await waitSettled(serverA, user.token, job.data.jobId)
    expect(settled.state).toBe('succeeded')
    for (const result of settled.results) {
      const audio = await bytesAt(serverB, result.url)
      // An MP3 with its ID3 tag (the AIGC label) first.
      expect(new TextDecoder().decode(audio.subarray(0, 3))).toBe('ID3')
    }
  })

  it('runs every AI job submitted through either server exactly once', async () => {
    const user = await newUser(serverB, serverA, 200)
    const sources = await Promise.all(
      [0, 1, 2, 3].map(async (index) => {
        const uploaded = await upload(balancer, user.token, `song-${index}.wav`, clip(2, index))
        return (uploaded.envelope?.data as UploadedFile).fileId
      }),
    )
    const submitted = await Promise.all(
      sources.map((fileId, index) =>
        httpCall<AiJob>(index % 2 === 0 ? serverA : serverB, SEPARATE_URL, {
          token: user.token,
          body: { fileId },
        }),
      ),
    )
    expect(submitted.map((answer) => answer.code)).toEqual(['000', '000', '000', '000'])
    const jobIds = submitted.map((answer) => answer.data.jobId)
    // The page follows a job as a server-sent stream: through nginx (and a server that is not
    // the one the job was submitted to) it goes from the job's first state to its last.
    const followed = jobEvents(balancer, user.token, jobIds[0] ?? '')
    const settled = await Promise.all(
      jobIds.map((jobId) => waitSettled(balancer, user.token, jobId)),
    )
    expect(settled.map((job) => job.state)).toEqual(Array(4).fill('succeeded'))
    const states = (await followed).map((job) => job.state)
    expect(states.length).toBeGreaterThanOrEqual(2)
    expect(states.at(0)).not.toBe('succeeded')
    expect(states.at(-1)).toBe('succeeded')

    const { rows: jobs } = await cluster.database.query<{ id: string; attempts: number }>(
      'SELECT id, attempts FROM ai_jobs WHERE id = ANY($1)',
      [jobIds],
    )
    expect(jobs.map((job) => job.attempts)).toEqual([1, 1, 1, 1])
    const { rows: results } = await cluster.database.query<{ job_id: string; count: string }>(
      'SELECT job_id, count(*) FROM ai_results WHERE job_id = ANY($1) GROUP BY job_id',
      [jobIds],
    )
    // Vocals and accompaniment, once each.
    expect(results.map((row) => Number(row.count))).toEqual([2, 2, 2, 2])
    const { rows: spends } = await cluster.database.query<{ job_id: string; count: string }>(
      `SELECT job_id, count(*) FROM points_ledger WHERE kind = 'spend' AND job_id = ANY($1) GROUP BY job_id`,
      [jobIds],
    )
    expect(spends.map((row) => Number(row.count))).toEqual([1, 1, 1, 1])
    await expectLedgerBalanced(cluster)
  })

  it(
    'loses nothing acknowledged and doubles nothing when a server and a worker die mid-load',
    { timeout: 150_000 },
    async () => {
      // Work that outlives the kill: shares to upvote, and jobs long enough to be running.
      const owner = await newUser(serverA, serverB, 500)
      const shareIds = await sharesToUpvote(balancer, owner.token, 3)
      // Submitted a third into the load, not before it: on a quiet machine a job submitted earlier
      // can finish before the kill, and the kill must find both workers running one.
      const submitLongJobs = () =>
        Promise.all(
          [0, 1, 2].map(async (index) => {
            const uploaded = await upload(
              balancer,
              owner.token,
              `long-${index}.wav`,
              clip(60, 40 + index),
            )
            const fileId = (uploaded.envelope?.data as UploadedFile).fileId
            const job = await httpCall<AiJob>(balancer, SEPARATE_URL, {
              token: owner.token,
              body: { fileId },
            })
            expect(job.code).toBe('000')
            return job.data.jobId
          }),
        )
      const clients = await Promise.all(
        Array.from({ length: LOAD_CLIENTS }, () => newUser(serverA, serverB, 0)),
      )

      const acknowledged = {
        uploads: [] as { fileId: string; url: string; sha256: string }[],
        upvotes: [] as { userId: string; shareId: string }[],
      }
      const failures: string[] = []
      let calls = 0
      const startedAt = Date.now()
      const stopAt = startedAt + LOAD_SECONDS * 1000
      // Each client upvotes each share once, spread over the load: some before the kill, some after.
      const upvoteAt = (index: number) =>
        startedAt + ((index + 1) * LOAD_SECONDS * 1000) / (shareIds.length + 1)
      const load = clients.map(async (client, clientIndex) => {
        let round = 0
        let upvoted = 0
        while (Date.now() < stopAt) {
          round++
          calls += 2
          const read = await httpCall(balancer, USER_DETAILS_URL, { token: client.token }).catch(
            () => ({ code: NOT_AN_ENVELOPE, data: null }),
          )
          if (read.code !== '000') failures.push(`read: ${read.code}`)
          const uploaded = await upload(
            balancer,
            client.token,
            `load-${round}.wav`,
            clip(0.2, clientIndex + round),
          ).catch(() => ({ status: 0, envelope: null }))
          if (uploaded.envelope?.code === '000') acknowledged.uploads.push(uploaded.envelope.data)
          else failures.push(`upload: ${uploaded.status}`)
          const shareId = shareIds[upvoted]
          if (shareId !== undefined && Date.now() >= upvoteAt(upvoted)) {
            upvoted++
            calls++
            const upvote = await httpCall(balancer, UPVOTE_URL, {
              token: client.token,
              body: { shareId },
            }).catch(() => ({ code: NOT_AN_ENVELOPE, data: null }))
            if (upvote.code === '000') acknowledged.upvotes.push({ userId: client.userId, shareId })
            else failures.push(`upvote: ${upvote.code}`)
          }
        }
      })

      // A third into the load, while both workers run a job each: kill server A and worker 1.
      await waitUntil(async () => Date.now() >= startedAt + LOAD_SECONDS * 333, 40_000)
      const longJobs = await submitLongJobs()
      await waitUntil(async () => (await runningJobs(cluster)) >= 2, 40_000)
      await Promise.all([cluster.servers[0].kill(), cluster.workers[0].kill()])
      await Promise.all(load)

      console.log(
        `cluster load: ${calls} calls in ${LOAD_SECONDS} s, ${acknowledged.uploads.length} uploads ` +
          `and ${acknowledged.upvotes.length} upvotes acknowledged, ${failures.length} failed ` +
          `(${failures.join(', ') || 'none'})`,
      )
      // nginx passed calls on to server B: most calls succeeded, and only calls in flight at the
      // kill can have failed.
      expect(acknowledged.uploads.length).toBeGreaterThan(LOAD_CLIENTS)
      expect(failures.length, failures.join(', ')).toBeLessThanOrEqual(LOAD_CLIENTS * 2)
      expect(calls).toBeGreaterThan(failures.length)

      // Every acknowledged upload is there: its row, and its bytes through the balancer.
      const { rows: files } = await cluster.database.query<{ id: string }>(
        'SELECT id FROM uploaded_files WHERE id = ANY($1)',
        [acknowledged.uploads.map((file) => file.fileId)],
      )
      expect(files.length).toBe(acknowledged.uploads.length)
      for (const file of acknowledged.uploads.slice(-3)) {
        expect((await bytesAt(balancer, file.url)).length).toBeGreaterThan(2048)
      }

      // Every acknowledged upvote is there, each user at most once per share, and each share's
      // counter is its rows.
      const { rows: upvotes } = await cluster.database.query<{ share_id: string; user_id: string }>(
        'SELECT share_id, user_id FROM ai_upvotes WHERE share_id = ANY($1)',
        [shareIds],
      )
      for (const upvote of acknowledged.upvotes) {
        expect(upvotes).toContainEqual({ share_id: upvote.shareId, user_id: upvote.userId })
      }
      const { rows: counters } = await cluster.database.query<{
        id: string
        upvotes: number
        rows: string
      }>(
        `SELECT s.id, s.upvotes, (SELECT count(*) FROM ai_upvotes u WHERE u.share_id = s.id) AS rows
         FROM ai_shares s WHERE s.id = ANY($1)`,
        [shareIds],
      )
      for (const counter of counters) expect(counter.upvotes).toBe(Number(counter.rows))

      // The dead worker's job runs again on the live one once its lease lapses; every job ran
      // to the end once, was charged once and has one set of results.
      const settled = await Promise.all(
        longJobs.map((jobId) => waitSettled(balancer, owner.token, jobId)),
      )
      expect(settled.map((job) => job.state)).toEqual(['succeeded', 'succeeded', 'succeeded'])
      const { rows: jobs } = await cluster.database.query<{
        attempts: number
        results: string
        spends: string
        refunds: string
      }>(
        `SELECT j.attempts,
           (SELECT count(*) FROM ai_results r WHERE r.job_id = j.id) AS results,
           (SELECT count(*) FROM points_ledger l WHERE l.job_id = j.id::text AND l.kind = 'spend') AS spends,
           (SELECT count(*) FROM points_ledger l WHERE l.job_id = j.id::text AND l.kind = 'refund') AS refunds
         FROM ai_jobs j WHERE j.id = ANY($1)`,
        [longJobs],
      )
      expect(
        jobs.map((job) => [Number(job.results), Number(job.spends), Number(job.refunds)]),
      ).toEqual(Array(3).fill([2, 1, 0]))
      // At least one job was taken over from the killed worker.
      expect(Math.max(...jobs.map((job) => job.attempts))).toBeGreaterThanOrEqual(2)
      await expectLedgerBalanced(cluster)
      expect(await cluster.balancerLog()).toMatch(/connect\(\) failed|upstream/)
    },
  )
})

async function runningJobs(cluster: Cluster): Promise<number> {
  const { rows } = await cluster.database.query<{ count: string }>(
    `SELECT count(*) FROM ai_jobs WHERE state = 'running'`,
  )
  return Number(rows[0]?.count ?? 0)
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error('the cluster never reached the state the test waits for')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Every user's balance is the sum of their ledger rows, and never negative. */
async function expectLedgerBalanced(cluster: Cluster): Promise<void> {
  const { rows } = await cluster.database.query<{ user_id: string; balance: string; sum: string }>(
    `SELECT b.user_id, b.balance, coalesce((SELECT sum(amount) FROM points_ledger l WHERE l.user_id = b.user_id), 0) AS sum
     FROM point_balances b`,
  )
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    expect(Number(row.balance)).toBe(Number(row.sum))
    expect(Number(row.balance)).toBeGreaterThanOrEqual(0)
  }
}

/** `count` shares of separation results, made by a job of `token`'s user. */
async function sharesToUpvote(baseUrl: string, token: string, count: number): Promise<string[]> {
  const uploaded = await upload(baseUrl, token, 'to-share.wav', clip(1, 99))
  const job = await httpCall<AiJob>(baseUrl, SEPARATE_URL, {
    token,
    body: { fileId: (uploaded.envelope?.data as UploadedFile).fileId },
  })
  const settled = await waitSettled(baseUrl, token, job.data.jobId)
  const shares: string[] = []
  for (const result of settled.results.slice(0, count)) {
    const shared = await httpCall<ShareCreated>(baseUrl, SHARE_URL, {
      token,
      body: { jobId: settled.jobId, resultId: result.id },
    })
    expect(shared.code).toBe('000')
    shares.push(shared.data.shareId)
  }
  return shares
}
