/**
 * Group commit for request admission. Under load, the requests that arrive while one admission
 * statement runs are admitted together by the next: one round trip (and, on the embedded
 * database, one pass through its single connection) for many requests. Alone, a request is
 * admitted at once. Every nonce is still recorded in the database before its request proceeds,
 * so replays are refused across instances exactly as with one statement per request.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { admitRequests, type Admission, type AdmissionRequest } from './sessions.repository'

interface Waiting {
  request: AdmissionRequest
  resolve: (admission: Admission) => void
  reject: (error: unknown) => void
}

/** Keeps a statement's parameter arrays reasonable when a burst piles up. */
const MAX_BATCH = 500
/**
 * Two statements in flight: while the database works on one batch, the next is already on its
 * way, and the HTTP thread answers the requests of the last. With one, the two sides would take
 * turns waiting for each other.
 */
const MAX_STATEMENTS_IN_FLIGHT = 2
const REPLAYED_IN_BATCH: Admission = { nonceAccepted: false, session: { kind: 'none' } }

export interface AdmissionBatcher {
  admit(request: AdmissionRequest): Promise<Admission>
}

export function createAdmissionBatcher(db: Kysely<Database>): AdmissionBatcher {
  let waiting: Waiting[] = []
  let statementsInFlight = 0
  let sendScheduled = false

  /** After this turn's I/O callbacks, so requests parsed in the same turn share a statement. */
  function scheduleSend(): void {
    if (sendScheduled || statementsInFlight >= MAX_STATEMENTS_IN_FLIGHT) return
    sendScheduled = true
    setImmediate(sendBatch)
  }

  function sendBatch(): void {
    sendScheduled = false
    if (waiting.length === 0 || statementsInFlight >= MAX_STATEMENTS_IN_FLIGHT) return
    const batch = waiting.slice(0, MAX_BATCH)
    waiting = waiting.slice(MAX_BATCH)
    // Two copies of one request in the same batch: the first goes to the database, the others
    // are replays by definition. (Copies in two batches in flight meet in the database, whose
    // unique nonce refuses the later one.)
    const seen = new Set<string>()
    const toAdmit: Waiting[] = []
    for (const entry of batch) {
      const nonce = entry.request.nonce
      if (nonce !== null && seen.has(nonce)) entry.resolve(REPLAYED_IN_BATCH)
      else {
        if (nonce !== null) seen.add(nonce)
        toAdmit.push(entry)
      }
    }
    statementsInFlight += 1
    admitRequests(
      db,
      toAdmit.map((entry) => entry.request),
    )
      .then(
        (admissions) => {
          toAdmit.forEach((entry, index) => {
            const admission = admissions[index]
            if (admission === undefined) entry.reject(new Error('missing admission'))
            else entry.resolve(admission)
          })
        },
        (error: unknown) => {
          for (const entry of toAdmit) entry.reject(error)
        },
      )
      .finally(() => {
        statementsInFlight -= 1
        if (waiting.length > 0) scheduleSend()
      })
    if (waiting.length > 0) scheduleSend()
  }

  return {
    admit(request) {
      return new Promise<Admission>((resolve, reject) => {
        waiting.push({ request, resolve, reject })
        scheduleSend()
      })
    },
  }
}
