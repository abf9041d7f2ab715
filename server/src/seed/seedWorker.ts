/** Runs seed synthesis in a worker thread (seedThread.ts), one work at a time. */
import { Worker } from 'node:worker_threads'
import type { SeedDefinition } from './catalogue'
import type { SeedVersion, SynthesisedWork } from './synthesise'

export interface SeedThreadRequest {
  seedKey: string
  version: SeedVersion
}

export type SeedThreadReply = SeedThreadRequest & ({ work: SynthesisedWork } | { error: string })

export interface SeedSynthesiser {
  synthesise(definition: SeedDefinition, version: SeedVersion): Promise<SynthesisedWork>
  /** Stops the thread; a synthesis under way is rejected. */
  close(): Promise<void>
}

function startThread(): { worker: Worker; ready: Promise<void> } {
  // The thread's module is TypeScript like the rest of the server: tsx loads it there too
  // (a worker does not inherit the parent's `--import tsx`).
  const threadModule = new URL('./seedThread.ts', import.meta.url).href
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(threadModule)}, ${JSON.stringify(import.meta.url)}))`
  const worker = new Worker(bootstrap, { eval: true })
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve())
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`seed thread exited (${code})`)))
  })
  return { worker, ready }
}

/** A synthesiser whose thread starts on first use. */
export function createThreadSynthesiser(): SeedSynthesiser {
  let thread: { worker: Worker; ready: Promise<void> } | null = null
  let closed = false

  return {
    async synthesise(definition, version) {
      if (closed) throw new Error('seed synthesiser closed')
      thread ??= startThread()
      const { worker, ready } = thread
      await ready
      return new Promise<SynthesisedWork>((resolve, reject) => {
        const onMessage = (reply: SeedThreadReply): void => {
          if (reply.seedKey !== definition.seedKey || reply.version !== version) return
          cleanUp()
          if ('error' in reply) reject(new Error(reply.error))
          else resolve({ ...reply.work, mp3: new Uint8Array(reply.work.mp3) })
        }
        const onExit = (code: number): void => {
          cleanUp()
          reject(new Error(`seed thread exited (${code})`))
        }
        const cleanUp = (): void => {
          worker.off('message', onMessage)
          worker.off('exit', onExit)
        }
        worker.on('message', onMessage)
        worker.on('exit', onExit)
        worker.postMessage({ seedKey: definition.seedKey, version } satisfies SeedThreadRequest)
      })
    },
    async close() {
      closed = true
      if (thread !== null) await thread.worker.terminate()
      thread = null
    },
  }
}
