/** `npm start`: read the configuration, build the app, listen, and close cleanly on a signal. */
import { buildApp } from './app'
import { closeOnSignals, exitOnStartFailure, loadConfigOrExit } from './processLifecycle'

async function main(): Promise<void> {
  const config = loadConfigOrExit()
  const app = await buildApp(config)
  const address = await app.listen({ port: config.port, host: config.host })
  app.log.info(`GY音乐 is serving on ${address.replace('0.0.0.0', 'localhost')}`)
  closeOnSignals(app)
}

main().catch((error: unknown) => exitOnStartFailure('The server', error))
