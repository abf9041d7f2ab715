/**
 * The main read and write paths of the platform as load scenarios against a running server:
 * the home page's figures, the store's list, a work's details and the user's own details; logging
 * in (SMS code, then login), depositing an uploaded work and listing a deposit. Shared by the
 * hardening suite's short load test and the longer bench row.
 */
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import type { Envelope } from '@gy/api/envelope'
import { encodeWav } from '@gy/audio'
import { steppedTone } from '../../src/media/testTones'
import { httpCall, loginOverHttp } from '../../src/test/serverProcess'
import { signedHeaders } from '../../src/test/signing'
import type { LoadScenario } from './loadRun'

/** The environment of a server under load: SMS caps out of the way of many logins. */
export const LOAD_SERVER_ENV: Record<string, string> = {
  SMS_DAILY_CAP_PER_IP: '1000000',
}

export async function uploadOverHttp(
  baseUrl: string,
  token: string,
  bytes: Uint8Array,
): Promise<Envelope<{ fileId: string; sha256: string }>> {
  const form = new FormData()
  form.append('purpose', 'audio')
  form.append('file', new Blob([Buffer.from(bytes)], { type: 'audio/wav' }), 'load.wav')
  const response = await fetch(`${baseUrl}/api/user-server/obs/uploadFile`, {
    method: 'POST',
    headers: signedHeaders({ bodyText: '', secret: DEV_SIGN_SECRET, now: Date.now(), token }),
    body: form,
  })
  return (await response.json()) as Envelope<{ fileId: string; sha256: string }>
}

let audioMade = 0

/** A short WAV that no earlier call produced (deposits refuse the same bytes twice). */
export function uniqueWav(): Uint8Array {
  audioMade += 1
  return encodeWav(steppedTone(0.05 + audioMade / 10_007))
}

/** Uploads and deposits a new work; the deposit's answer. */
export async function depositOverHttp(
  baseUrl: string,
  token: string,
): Promise<Envelope<{ depositId: string }>> {
  const uploaded = await uploadOverHttp(baseUrl, token, uniqueWav())
  if (uploaded.code !== '000') return uploaded as unknown as Envelope<{ depositId: string }>
  return httpCall<{ depositId: string }>(baseUrl, '/api/music-server/keepRecord/uploadListing', {
    token,
    body: { fileId: uploaded.data.fileId, title: '压测作品' },
  })
}

async function listOverHttp(
  baseUrl: string,
  token: string,
): Promise<Envelope<{ goodsId: string }>> {
  const deposit = await depositOverHttp(baseUrl, token)
  if (deposit.code !== '000') return deposit as unknown as Envelope<{ goodsId: string }>
  return httpCall<{ goodsId: string }>(baseUrl, '/api/music-server/musicGoods/musicListing', {
    token,
    body: { depositId: deposit.data.depositId, priceFen: 990 },
  })
}

export interface LoadScenarios {
  reads: LoadScenario[]
  writes: LoadScenario[]
}

/** Logs a user in, lists one work for the detail reads, and returns the scenarios. */
export async function loadScenarios(
  baseUrl: string,
  timing: { durationMs: number; concurrency: number },
): Promise<LoadScenarios> {
  const { accessToken: token } = await loginOverHttp(baseUrl, '86:13400000001')
  const listed = await listOverHttp(baseUrl, token)
  if (listed.code !== '000') throw new Error(`no listing to read: ${JSON.stringify(listed)}`)
  const goodsId = listed.data.goodsId
  const read = (name: string, url: string, body?: unknown, withToken = false): LoadScenario => ({
    name,
    ...timing,
    send: async () =>
      (
        await httpCall(baseUrl, url, {
          ...(body === undefined ? {} : { body }),
          ...(withToken ? { token } : {}),
        })
      ).code,
  })
  let phones = 0
  return {
    reads: [
      read('home figures', '/api/music-server/homePage/informationDisplayWeb'),
      read('store list', '/api/music-server/musicGoods/list', { page: 1, pageSize: 20 }),
      read('work detail', '/api/music-server/musicGoods/details', { goodsId }),
      read('user details', '/api/music-server/user/userDetails', undefined, true),
    ],
    writes: [
      {
        name: 'login (SMS code + login)',
        ...timing,
        send: async () => {
          phones += 1
          await loginOverHttp(baseUrl, `86:134${String(10_000_000 + phones).slice(-8)}`)
          return '000'
        },
      },
      {
        name: 'deposit (upload + deposit)',
        ...timing,
        send: async () => (await depositOverHttp(baseUrl, token)).code,
      },
      {
        name: 'listing (upload + deposit + list)',
        ...timing,
        send: async () => (await listOverHttp(baseUrl, token)).code,
      },
    ],
  }
}
