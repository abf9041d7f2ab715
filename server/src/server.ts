/** `npm start`: read the configuration, build the app, listen, and close cleanly on a signal. */
import { buildApp } from './app'
import { ConfigError, loadConfig, type ServerConfig } from './config'

async function main(): Promise<void> {
  let config: ServerConfig
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const app = await buildApp(config)
  const address = await app.listen({ port: config.port, host: config.host })
  app.log.info(`GY音乐 is serving on ${address.replace('0.0.0.0', 'localhost')}`)

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

main().catch((error: unknown) => {
  console.error('The server failed to start:', error)
  process.exit(1)
})
