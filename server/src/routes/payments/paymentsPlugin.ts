/**
 * The payment provider the configuration names, decorated onto the app as `app.payments`, and
 * the background work of payments, as jobs of the queue: the sweep that closes unpaid orders
 * after their 30 minutes and the pass that retries refunds (each every minute, one instance at a
 * time) and, with the sandbox provider,
 * the provider's side of a payment: its signed notification, delivered to our notify route and
 * retried with backoff until acknowledged, surviving a restart in between.
 */
import type { FastifyInstance } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { z } from 'zod'
import type { PaymentsConfig } from '../../config'
import { refundPendingPayments } from '../../domain/paymentRefunds'
import { closeExpiredChargeOrders } from '../../domain/points.repository'
import { AlipayProvider } from '../../payments/alipay'
import {
  fetchTransport,
  type HttpTransport,
  type PaymentProvider,
  type TransportResponse,
} from '../../payments/provider'
import {
  SandboxPaymentProvider,
  isSandboxAcknowledgement,
  type SandboxOrder,
} from '../../payments/sandbox'
import { WechatPayV3Provider } from '../../payments/wechatPayV3'
import { defineChore, defineJob, type JobDefinition } from '../../plugins/queue'
import { DatabaseSandboxOrderStore } from '../../sandbox/sandboxOrders.repository'
import { logRefundAttempts } from './recordPayment'

export type PaymentProviderKey = Exclude<PaymentsConfig['provider'], 'none'>

export interface SandboxRuntime {
  provider: SandboxPaymentProvider
  /** Signs notifications and checkout links. */
  key: string
  /**
   * The payer pressed 确认支付 or 取消: settles the sandbox's order and queues its notification
   * in one transaction, so a crash cannot keep one without the other. Waits a little for the
   * first delivery attempt (so the points are usually there when the payer goes back) and says
   * whether it was acknowledged; later attempts are the queue's.
   */
  complete(
    orderId: string,
    outcome: 'paid' | 'closed',
  ): Promise<{ order: SandboxOrder; acknowledged: boolean }>
}

export interface PaymentsRuntime {
  /** null: top-ups are switched off (production without a configured provider). */
  provider: PaymentProvider | null
  /** The notify route's `:provider` segment, also stored on each order. */
  key: PaymentProviderKey | null
  sandbox: SandboxRuntime | null
  /** Absolute URL the provider sends its notifications to. */
  notifyUrl: string
  /** Absolute URL the payer comes back to: `page` (default /buyPoints) with `orderId`. */
  returnUrl(orderId: string, page?: string): string
  /** Closes unpaid orders past their expiry now; returns how many. */
  sweepExpiredOrders(): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsRuntime
  }
}

export type NotificationRetry = JobDefinition<unknown>['retry']

export interface PaymentsPluginOptions {
  /** How sandbox notifications travel; in-process `app.inject` by default. */
  notificationTransport?: HttpTransport
  /** The sandbox's retries (tests shorten them). */
  notificationRetry?: NotificationRetry
}

export const NOTIFY_PATH_PREFIX = '/api/payments/notify/'

/** Every minute; the order's expiry is judged by `app.clock`. */
export const sweepExpiredOrdersJob = defineChore('payments-sweep-expired-orders')

/**
 * Every minute: refunds the provider did not accept when the payment arrived (unreachable,
 * refused) are asked again with the same refund id until it does.
 */
export const refundPendingPaymentsJob = defineChore('payments-refund-pending')

/**
 * As real providers do: about 2 s, 4 s, 8 s ... between attempts, at most 30 minutes, for
 * around two hours in all; after that the merchant finds out by querying the order.
 */
export const SANDBOX_NOTIFICATION_RETRY: NotificationRetry = {
  limit: 12,
  delaySeconds: 2,
  backoff: true,
  maxDelaySeconds: 30 * 60,
}

const sandboxNotificationPayload = z.object({
  orderId: z.string().min(1).max(64),
  outcome: z.enum(['paid', 'closed']),
})

export function sandboxNotificationJob(retry: NotificationRetry) {
  return defineJob({
    name: 'sandbox-payment-notification',
    payload: sandboxNotificationPayload,
    // One notification per order and outcome waits at a time: a double click queues one.
    policy: 'short',
    retry,
    // An attempt is one HTTP request; a worker that died during it is retried soon.
    expireInSeconds: 60,
  })
}

/** How long the checkout page waits for the first delivery attempt. */
const FIRST_ATTEMPT_WAIT_MS = 5_000

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

    async function sweepExpiredOrders(): Promise<number> {
      const closed = await closeExpiredChargeOrders(app.db, app.clock())
      if (closed > 0) app.log.info({ closed }, 'closed expired top-up orders')
      return closed
    }
    await app.queue.handle(sweepExpiredOrdersJob, async () => {
      await sweepExpiredOrders()
    })
    await app.queue.schedule(sweepExpiredOrdersJob, '* * * * *', {})

    if (provider !== null && key !== null) {
      const refundLog = app.log.child({ module: 'payment-refunds' })
      await app.queue.handle(refundPendingPaymentsJob, async () => {
        logRefundAttempts(
          refundLog,
          await refundPendingPayments(app.db, provider, key, app.clock()),
        )
      })
      await app.queue.schedule(refundPendingPaymentsJob, '* * * * *', {})
    }

    const sandbox =
      config.provider === 'sandbox' && provider instanceof SandboxPaymentProvider
        ? await sandboxRuntime(app, provider, config.sandboxKey, options)
        : null

    app.decorate('payments', {
      provider,
      key,
      sandbox,
      notifyUrl: `${origin}${NOTIFY_PATH_PREFIX}${key ?? 'none'}`,
      returnUrl: (orderId: string, page = '/buyPoints') => {
        const url = new URL(page, `${origin}/`)
        url.searchParams.set('orderId', orderId)
        return url.href
      },
      sweepExpiredOrders,
    } satisfies PaymentsRuntime)
  },
  { name: 'gy-payments', dependencies: ['gy-database', 'gy-queue'] },
)

/** The provider side of the sandbox: notifications as jobs, retried until acknowledged. */
async function sandboxRuntime(
  app: FastifyInstance,
  provider: SandboxPaymentProvider,
  key: string,
  options: PaymentsPluginOptions,
): Promise<SandboxRuntime> {
  const transport = options.notificationTransport ?? injectTransport(app)
  const retry = options.notificationRetry ?? SANDBOX_NOTIFICATION_RETRY
  const job = sandboxNotificationJob(retry)
  const log = app.log.child({ module: 'sandbox-payments' })

  await app.queue.handle(job, async ({ orderId, outcome }, { attempt }) => {
    const order = await provider.order(orderId)
    const notification = provider.notificationOf(order, outcome)
    let answer: TransportResponse | Error
    try {
      answer = await transport({
        method: 'POST',
        url: notification.url,
        headers: notification.headers,
        body: notification.bodyText,
      })
    } catch (error) {
      answer = error instanceof Error ? error : new Error(String(error))
    }
    const acknowledged = !(answer instanceof Error) && isSandboxAcknowledgement(answer)
    const outcomeText = answer instanceof Error ? answer.message : answer.status
    if (acknowledged) {
      log.info({ orderId, attempt, outcome: outcomeText }, 'notification delivered')
      return
    }
    if (attempt > retry.limit) {
      log.error({ orderId, attempts: attempt }, 'notification delivery gave up')
    } else {
      log.warn(
        { orderId, attempt, outcome: outcomeText },
        'notification not acknowledged, will retry',
      )
    }
    // Throwing is what makes the queue try again, after its backoff.
    throw new Error(`notification of ${orderId} not acknowledged (${String(outcomeText)})`)
  })

  const firstDelaySeconds = app.config.queue.sandboxNotificationDelaySeconds
  return {
    provider,
    key,
    async complete(orderId, outcome) {
      const { order, jobId } = await app.db.transaction().execute(async (transaction) => {
        const completed = await provider.completeCheckout(
          orderId,
          outcome,
          new DatabaseSandboxOrderStore(transaction),
        )
        const queued = await app.queue.send(
          job,
          { orderId, outcome },
          {
            transaction,
            singletonKey: `${orderId}:${outcome}`,
            delaySeconds: firstDelaySeconds,
          },
        )
        return { order: completed.order, jobId: queued }
      })
      if (jobId === null || firstDelaySeconds > 0) return { order, acknowledged: false }
      app.queue.wake(job)
      const state = await app.queue.settled(job, jobId, FIRST_ATTEMPT_WAIT_MS)
      return { order, acknowledged: state === 'completed' }
    },
  }
}
