/**
 * Tells this process's listeners that a job changed (progress, state), so a page following it
 * hears at once when the worker is in this process. Workers in other processes are heard through
 * the database, which the event stream also reads every second.
 */
import { EventEmitter } from 'node:events'

export interface JobEvents {
  changed(jobId: string): void
  subscribe(jobId: string, listener: () => void): () => void
}

export function createJobEvents(): JobEvents {
  const emitter = new EventEmitter()
  // Every open page of a job listens; there is no meaningful limit to warn at.
  emitter.setMaxListeners(0)
  return {
    changed(jobId) {
      emitter.emit(jobId)
    },
    subscribe(jobId, listener) {
      emitter.on(jobId, listener)
      return () => emitter.off(jobId, listener)
    },
  }
}
