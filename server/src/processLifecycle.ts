/** What the server and the worker processes do alike at start and at a signal. */
import type { FastifyInstance } from 'fastify'
import { ConfigError, loadConfig, type ServerConfig } from './config'
import { DataDirLockedError } from './plugins/database/dataDirLock'

/** The configuration from the environment, or the reason it is refused and exit 1. */
export function loadConfigOrExit(): ServerConfig {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

/** Closes the app cleanly on SIGINT or SIGTERM (running jobs finish first), then exits. */
export function closeOnSignals(app: FastifyInstance): void {
  let closing = false
  const close = (signal: string): void => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received, closing`)
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => close('SIGINT'))
  process.on('SIGTERM', () => close('SIGTERM'))
}

/** The refusal to open a data folder another process holds, wherever it is in a cause chain. */
export function lockRefusalOf(error: unknown): DataDirLockedError | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (cause instanceof DataDirLockedError) return cause
    cause = cause.cause
  }
  return null
}

/**
 * Says why the process could not start and exits 1: a data folder held by another process in
 * its own words (they name the folder and the holder), anything else with its stack.
 */
export function exitOnStartFailure(what: string, error: unknown): never {
  const refusal = lockRefusalOf(error)
  if (refusal === null) console.error(`${what} failed to start:`, error)
  else console.error(refusal.message)
  process.exit(1)
}
