/**
 * The payment provider the configuration names, decorated onto the app as `app.payments`, and
 * the sweep that closes unpaid orders after their 30 minutes. With the sandbox provider this
 * also runs the provider's side: its notifications are delivered to our own notify route
 * in-process, retried in the background until acknowledged.
 */
import type { FastifyInstance } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { PaymentsConfig } from '../../config'
import { closeExpiredChargeOrders } from '../../domain/points.repository'
import { AlipayProvider } from '../../payments/alipay'
import {
  fetchTransport,
  type HttpTransport,
  type PaymentProvider,
  type TransportResponse,
} from '../../payments/provider'
import {
  NotificationSender,
  SandboxPaymentProvider,
  type CompletedCheckout,
} from '../../payments/sandbox'
import { WechatPayV3Provider } from '../../payments/wechatPayV3'
import { DatabaseSandboxOrderStore } from '../../sandbox/sandboxOrders.repository'

export type PaymentProviderKey = Exclude<PaymentsConfig['provider'], 'none'>

export interface SandboxRuntime {
  provider: SandboxPaymentProvider
  /** Signs notifications and checkout links. */
  key: string
  /**
   * Starts delivering the payer's outcome to our notify route, retried in the background;
   * resolves with whether the first attempt was acknowledged.
   */
  deliver(completed: CompletedCheckout): Promise<boolean>
}

export interface PaymentsRuntime {
  /** null: top-ups are switched off (production without a configured provider). */
  provider: PaymentProvider | null
  /** The notify route's `:provider` segment, also stored on each order. */
  key: PaymentProviderKey | null
  sandbox: SandboxRuntime | null
  /** Absolute URL the provider sends its notifications to. */
  notifyUrl: string
  /** Absolute URL the payer comes back to. */
  returnUrl(orderId: string): string
  /** Closes unpaid orders past their expiry now; returns how many. */
  sweepExpiredOrders(): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsRuntime
  }
}

export interface PaymentsPluginOptions {
  /** How sandbox notifications travel; in-process `app.inject` by default. */
  notificationTransport?: HttpTransport
  /** The sandbox's retry schedule (tests shorten it). */
  notificationDelaysMs?: readonly number[]
}

export const NOTIFY_PATH_PREFIX = '/api/payments/notify/'
const SWEEP_INTERVAL_MS = 60_000

/** Delivers to this very server without a socket: the sandbox runs in our process. */
function injectTransport(app: FastifyInstance): HttpTransport {
  return async (request) => {
    const url = new URL(request.url)
    const response = await app.inject({
      method: request.method,
      url: url.pathname + url.search,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    })
    const headers: TransportResponse['headers'] = {}
    for (const [name, value] of Object.entries(response.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value?.toString()
    }
    return { status: response.statusCode, headers, bodyText: response.body }
  }
}

function configuredProvider(app: FastifyInstance, config: PaymentsConfig): PaymentProvider | null {
  const now = (): Date => app.clock()
  switch (config.provider) {
    case 'none':
      return null
    case 'sandbox':
      return new SandboxPaymentProvider({
        key: config.sandboxKey,
        store: new DatabaseSandboxOrderStore(app.db),
        now,
      })
    case 'wechat':
      return new WechatPayV3Provider({
        ...config.wechat,
        platformPublicKeys: { [config.wechat.platformSerial]: config.wechat.platformPublicKey },
        transport: fetchTransport(),
        now,
      })
    case 'alipay':
      return new AlipayProvider({
        appId: config.alipay.appId,
        appPrivateKey: config.alipay.appPrivateKey,
        alipayPublicKey: config.alipay.alipayPublicKey,
        checkoutMode: config.alipay.checkoutMode,
        ...(config.alipay.gatewayUrl === null ? {} : { gatewayUrl: config.alipay.gatewayUrl }),
        transport: fetchTransport(),
        now,
      })
  }
}

export const paymentsPlugin = fastifyPlugin<PaymentsPluginOptions>(
  async (app, options) => {
    const config = app.config.payments
    const provider = configuredProvider(app, config)
    const key = config.provider === 'none' ? null : config.provider
    const baseUrl =
      (config.provider === 'none' ? null : config.publicBaseUrl) ??
      `http://127.0.0.1:${app.config.port}`
    const origin = baseUrl.replace(/\/+$/, '')

    // Pending deliveries stop at shutdown; their timers never keep the process alive.
    const shutdown = new AbortController()
    const transport = options.notificationTransport ?? injectTransport(app)
    const log = app.log.child({ module: 'sandbox-payments' })

    function deliver(completed: CompletedCheckout): Promise<boolean> {
      const orderId = completed.order.orderId
      return new Promise<boolean>((resolve) => {
        const sender = new NotificationSender({
          transport,
          ...(options.notificationDelaysMs === undefined
            ? {}
            : { delaysMs: options.notificationDelaysMs }),
          onAttempt: (attempt) => {
            if (attempt.acknowledged) log.info({ orderId, ...attempt }, 'notification delivered')
            else log.warn({ orderId, ...attempt }, 'notification not acknowledged, will retry')
            // The page waits for the first attempt only; later ones run in the background.
            resolve(attempt.acknowledged)
          },
        })
        void sender.deliver(completed.signNotification, shutdown.signal).then((result) => {
          if (!result.acknowledged) {
            log.error({ orderId, attempts: result.attempts }, 'notification delivery gave up')
          }
          resolve(result.acknowledged)
        })
      })
    }

    const sandbox: SandboxRuntime | null =
      config.provider === 'sandbox' && provider instanceof SandboxPaymentProvider
        ? { provider, key: config.sandboxKey, deliver }
        : null

    async function sweepExpiredOrders(): Promise<number> {
      const closed = await closeExpiredChargeOrders(app.db, app.clock())
      if (closed > 0) app.log.info({ closed }, 'closed expired top-up orders')
      return closed
    }

    app.decorate('payments', {
      provider,
      key,
      sandbox,
      notifyUrl: `${origin}${NOTIFY_PATH_PREFIX}${key ?? 'none'}`,
      returnUrl: (orderId: string) =>
        `${origin}/buyPoints?${new URLSearchParams({ orderId }).toString()}`,
      sweepExpiredOrders,
    } satisfies PaymentsRuntime)

    let sweeping: Promise<unknown> = Promise.resolve()
    const timer = setInterval(() => {
      sweeping = sweepExpiredOrders().catch((error: unknown) => {
        app.log.warn({ err: error }, 'top-up order sweep failed, will retry')
      })
    }, SWEEP_INTERVAL_MS)
    timer.unref()
    app.addHook('onClose', async () => {
      clearInterval(timer)
      shutdown.abort()
      await sweeping
    })
  },
  { name: 'gy-payments', dependencies: ['gy-database'] },
)
