/**
 * The load generator of the server benchmark, in a process of its own so that what it spends
 * (building and signing requests, reading answers) is not counted against the server it measures.
 * Argument: JSON `{url, path, connections, duration, secret?, token?}`; prints autocannon's
 * figures as JSON on its last line. With `secret` and `token` every request is a signed,
 * authenticated POST with a fresh nonce, timestamp and signature.
 */
import { createHash, randomBytes } from 'node:crypto'
import autocannon from 'autocannon'

export interface LoadClientOptions {
  url: string
  path: string
  connections: number
  duration: number
  secret?: string
  token?: string
}

export interface LoadClientResult {
  averageRps: number
  failures: number
}

/** The contract's signature for an empty body, with node:crypto (same formula as the browser). */
function signedHeaders(secret: string, token: string): Record<string, string> {
  const nonce = randomBytes(12).toString('base64').replace(/[+/]/g, 'x').slice(0, 16)
  const timestamp = String(Date.now())
  return {
    nonce,
    timestamp,
    signature: createHash('sha256')
      .update(nonce + timestamp + secret)
      .digest('hex'),
    platform: '3',
    authorization: `Bearer ${token}`,
  }
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadClientOptions
  const { secret, token } = options
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    requests: [
      secret && token
        ? {
            method: 'POST',
            path: options.path,
            // No body: the signed body text is ''.
            setupRequest: (request) => ({ ...request, headers: signedHeaders(secret, token) }),
          }
        : { method: 'GET', path: options.path },
    ],
  })
  const summary: LoadClientResult = {
    averageRps: result.requests.average,
    failures: result.non2xx + result.errors + result.timeouts,
  }
  console.log(JSON.stringify(summary))
}

await main()
