/**
 * `npm run worker`: a process that works the job queue and serves no HTTP. It builds the same app
 * as the server (the handlers use its database, providers and routes in-process) but never
 * listens. Run as many as the work needs, on any machine that reaches the PostgreSQL of the
 * servers; they may run with `QUEUE_WORKERS=off` and leave all jobs to the workers.
 */
import { buildApp } from './app'
import type { ServerConfig } from './config'
import { closeOnSignals, loadConfigOrExit } from './processLifecycle'

/** Why a worker cannot run on this configuration, or null when it can. */
export function workerRefusal(config: ServerConfig): string | null {
  if (config.database.kind === 'pglite') {
    return (
      'npm run worker needs DATABASE_URL: the embedded database (PGlite) can be opened by one ' +
      'process only, the server, which works the jobs itself (QUEUE_WORKERS=inline).'
    )
  }
  return null
}

async function main(): Promise<void> {
  const config = loadConfigOrExit()
  const refusal = workerRefusal(config)
  if (refusal !== null) {
    console.error(refusal)
    process.exit(1)
  }
  // Whatever the servers are told, this process is the one that works.
  const app = await buildApp({ ...config, queue: { ...config.queue, workers: 'inline' } })
  app.log.info('GY音乐 worker is working the job queue')
  closeOnSignals(app)
}

// Imported by its test for workerRefusal; run as a program by `npm run worker`.
if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error('The worker failed to start:', error)
    process.exit(1)
  })
}
