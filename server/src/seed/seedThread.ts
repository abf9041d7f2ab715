/**
 * Worker thread that composes seed works, so the thread serving HTTP stays responsive while the
 * catalogue is made. Messages in: {seedKey}; out: {seedKey, work} (the MP3's buffer transferred)
 * or {seedKey, error}.
 */
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { SEED_CATALOGUE } from './catalogue'
import { synthesiseSeedWork } from './synthesise'
import type { SeedThreadReply, SeedThreadRequest } from './seedWorker'

const port = parentPort
if (port === null) throw new Error('seedThread must run as a worker thread')

try {
  // Linux nices only this thread: requests keep the CPU they need while seeding goes on.
  setPriority(19)
} catch {
  // Not permitted here: seeding still works, only at normal priority.
}

port.on('message', (request: SeedThreadRequest) => {
  const reply = (message: SeedThreadReply, transfer: ArrayBuffer[] = []): void =>
    port.postMessage(message, transfer)
  const definition = SEED_CATALOGUE.find((entry) => entry.seedKey === request.seedKey)
  if (definition === undefined) {
    reply({ seedKey: request.seedKey, error: `unknown seed work ${request.seedKey}` })
    return
  }
  try {
    const work = synthesiseSeedWork(definition)
    const buffer = work.mp3.buffer
    reply(
      { seedKey: request.seedKey, work },
      buffer instanceof ArrayBuffer && work.mp3.byteLength === buffer.byteLength ? [buffer] : [],
    )
  } catch (error) {
    reply({
      seedKey: request.seedKey,
      error: error instanceof Error ? error.message : String(error),
    })
  }
})
port.postMessage({ ready: true })
