/**
 * Worker thread that composes seed works, so the thread serving HTTP stays responsive while the
 * catalogue is made. Messages in: {seedKey, version}; out: {seedKey, version, work} (the MP3's
 * buffer transferred) or {seedKey, version, error}.
 *
 * A preview runs at normal priority, because a newcomer is waiting for it. The first full song
 * lowers the thread to the lowest priority for good (an unprivileged thread cannot raise it
 * again), so requests keep the CPU they need while the catalogue grows.
 */
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { SEED_CATALOGUE } from './catalogue'
import { synthesiseSeedWork } from './synthesise'
import type { SeedThreadReply, SeedThreadRequest } from './seedWorker'

const port = parentPort
if (port === null) throw new Error('seedThread must run as a worker thread')

let lowered = false
function lowerPriority(): void {
  if (lowered) return
  lowered = true
  try {
    // Linux nices only this thread.
    setPriority(19)
  } catch {
    // Not permitted here: seeding still works, only at normal priority.
  }
}

port.on('message', (request: SeedThreadRequest) => {
  const { seedKey, version } = request
  const reply = (message: SeedThreadReply, transfer: ArrayBuffer[] = []): void =>
    port.postMessage(message, transfer)
  const definition = SEED_CATALOGUE.find((entry) => entry.seedKey === seedKey)
  if (definition === undefined) {
    reply({ seedKey, version, error: `unknown seed work ${seedKey}` })
    return
  }
  if (version === 'full') lowerPriority()
  try {
    const work = synthesiseSeedWork(definition, version)
    const buffer = work.mp3.buffer
    reply(
      { seedKey, version, work },
      buffer instanceof ArrayBuffer && work.mp3.byteLength === buffer.byteLength ? [buffer] : [],
    )
  } catch (error) {
    reply({ seedKey, version, error: error instanceof Error ? error.message : String(error) })
  }
})
port.postMessage({ ready: true })
