import { describe, expect, it } from 'vitest'
import { SimulatedClock, assign, createActor, fromPromise, waitFor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import {
  checkoutMachine,
  checkoutMachineStates,
  selectCheckoutState,
  selectRemainingSeconds,
  type CheckoutEvent,
  type CheckoutOrder,
  type CheckoutOrderStatus,
  type CheckoutRequest,
  type CheckoutSnapshot,
  type QueryOrderInput,
} from './checkoutMachine'
import { toTestModelMachine } from './testSupport'

const PACKAGE: CheckoutRequest = { packageId: 'p300', checkoutKind: 'qrCode' }
/** The SimulatedClock starts at 0: the order is payable for three seconds. */
const EXPIRES_AT = new Date(3000).toISOString()
const QR_ORDER: CheckoutOrder = {
  orderId: 'GY_ORDER_1',
  checkoutKind: 'qrCode',
  checkoutUrl: 'weixin://wxpay/bizpayurl?pr=abc',
  expiresAt: EXPIRES_AT,
  amountFen: 3000,
  points: 300,
}
const REDIRECT_ORDER: CheckoutOrder = {
  ...QR_ORDER,
  orderId: 'GY_ORDER_2',
  checkoutKind: 'redirect',
  checkoutUrl: '/sandbox/checkout/GY_ORDER_2?token=t',
}

function statusOf(
  order: CheckoutOrder,
  state: CheckoutOrderStatus['state'],
  balance = 0,
): CheckoutOrderStatus {
  return {
    orderId: order.orderId,
    state,
    amountFen: order.amountFen,
    points: order.points,
    balance,
    expiresAt: order.expiresAt,
  }
}

/** Every effect the machine asked for, in order, as `[name, what]`. */
type Effect =
  | ['createOrder', CheckoutRequest]
  | ['queryOrder', QueryOrderInput]
  | ['openCheckout', { url: string }]
  | ['discardCheckout']
  | ['notifyPaid', { orderId: string; balance: number }]

class LastingFailure extends Error {}

/**
 * A promise actor each of whose runs waits for the test to settle it, and which records its
 * input in the one ordered list of effects as it starts (so the order of calls and actions shows).
 */
function controlledEffect<TInput, TOutput>(effects: Effect[], record: (input: TInput) => Effect) {
  let pending: { resolve: (output: TOutput) => void; reject: (error: unknown) => void } | undefined
  const settle = () => {
    if (!pending) throw new Error('No run of the actor is pending')
    const current = pending
    pending = undefined
    return current
  }
  return {
    logic: fromPromise<TOutput, TInput>(({ input }) => {
      effects.push(record(input))
      return new Promise<TOutput>((resolve, reject) => {
        pending = { resolve, reject }
      })
    }),
    resolve: (output: TOutput) => settle().resolve(output),
    reject: (error: unknown) => settle().reject(error),
  }
}

function startCheckout() {
  const clock = new SimulatedClock()
  const effects: Effect[] = []
  const createOrder = controlledEffect<CheckoutRequest, CheckoutOrder>(effects, (request) => [
    'createOrder',
    request,
  ])
  const queryOrder = controlledEffect<QueryOrderInput, CheckoutOrderStatus>(effects, (input) => [
    'queryOrder',
    input,
  ])
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        createOrder: createOrder.logic,
        queryOrder: queryOrder.logic,
      },
      actions: {
        openCheckout: (_, params) => effects.push(['openCheckout', params]),
        discardCheckout: () => effects.push(['discardCheckout']),
        notifyPaid: (_, params) => effects.push(['notifyPaid', params]),
        readClock: assign({ now: () => clock.now() }),
      },
      guards: {
        isLastingFailure: (_, { error }) => error instanceof LastingFailure,
      },
    }),
    { clock },
  )
  /** The effects since the last call. */
  const effectsSoFar = (): Effect[] => effects.splice(0)
  actor.start()
  const state = () => selectCheckoutState(actor.getSnapshot())
  const remaining = () => selectRemainingSeconds(actor.getSnapshot())
  const settled = (snapshot: CheckoutSnapshot) =>
    !snapshot.matches('creating') && !snapshot.matches({ waiting: { poll: 'querying' } })
  return { actor, clock, createOrder, queryOrder, effectsSoFar, state, remaining, settled }
}

async function startWaiting(order: CheckoutOrder = QR_ORDER) {
  const checkout = startCheckout()
  checkout.actor.send({ type: 'checkout.start', request: PACKAGE })
  checkout.createOrder.resolve(order)
  await waitFor(checkout.actor, (snapshot) => snapshot.matches('waiting'))
  checkout.effectsSoFar()
  return checkout
}

async function answerQuery(
  checkout: ReturnType<typeof startCheckout>,
  status: CheckoutOrderStatus | Error,
) {
  if (status instanceof Error) checkout.queryOrder.reject(status)
  else checkout.queryOrder.resolve(status)
  await waitFor(checkout.actor, checkout.settled)
}

describe('checkoutMachine', () => {
  it('starts idle and asks for nothing', () => {
    const { state, effectsSoFar, remaining } = startCheckout()
    expect(state()).toBe('idle')
    expect(remaining()).toBeNull()
    expect(effectsSoFar()).toEqual([])
  })

  it('creates the order for the chosen package, then asks the server about it at once', async () => {
    const checkout = startCheckout()
    checkout.actor.send({ type: 'checkout.start', request: PACKAGE })
    expect(checkout.state()).toBe('creating')
    expect(checkout.actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(checkout.effectsSoFar()).toEqual([['createOrder', PACKAGE]])

    checkout.createOrder.resolve(QR_ORDER)
    await waitFor(checkout.actor, (snapshot) => snapshot.matches('waiting'))
    // A QR code is shown by the page, not opened: a window prepared for a page is discarded.
    expect(checkout.effectsSoFar()).toEqual([
      ['discardCheckout'],
      ['queryOrder', { orderId: 'GY_ORDER_1' }],
    ])
    const { context } = checkout.actor.getSnapshot()
    expect(context).toMatchObject({
      orderId: 'GY_ORDER_1',
      checkoutKind: 'qrCode',
      checkoutUrl: QR_ORDER.checkoutUrl,
      amountFen: 3000,
      points: 300,
    })
    expect(checkout.actor.getSnapshot().hasTag('payable')).toBe(true)
  })

  it('opens the provider page of a redirect checkout, and again on checkout.reopen', async () => {
    const checkout = startCheckout()
    checkout.actor.send({ type: 'checkout.start', request: { amountFen: 1234 } })
    checkout.createOrder.resolve(REDIRECT_ORDER)
    await waitFor(checkout.actor, (snapshot) => snapshot.matches('waiting'))
    expect(checkout.effectsSoFar()).toEqual([
      ['createOrder', { amountFen: 1234 }],
      ['openCheckout', { url: REDIRECT_ORDER.checkoutUrl }],
      ['queryOrder', { orderId: 'GY_ORDER_2' }],
    ])
    checkout.actor.send({ type: 'checkout.reopen' })
    expect(checkout.effectsSoFar()).toEqual([['openCheckout', { url: REDIRECT_ORDER.checkoutUrl }]])
  })

  it('does not reopen anything for a QR code', async () => {
    const checkout = await startWaiting(QR_ORDER)
    checkout.actor.send({ type: 'checkout.reopen' })
    expect(checkout.effectsSoFar()).toEqual([])
  })

  it('polls every two seconds while the order is open, and counts down the seconds left', async () => {
    const checkout = await startWaiting()
    expect(checkout.remaining()).toBe(3)
    await answerQuery(checkout, statusOf(QR_ORDER, 'created'))
    expect(checkout.effectsSoFar()).toEqual([])

    checkout.clock.increment(1000)
    expect(checkout.remaining()).toBe(2)
    expect(checkout.effectsSoFar()).toEqual([])
    checkout.clock.increment(999)
    expect(checkout.effectsSoFar()).toEqual([])
    checkout.clock.increment(1)
    expect(checkout.effectsSoFar()).toEqual([['queryOrder', { orderId: 'GY_ORDER_1' }]])
    expect(checkout.remaining()).toBe(1)
  })

  it('turns paid with the new balance and tells the app once', async () => {
    const checkout = await startWaiting()
    await answerQuery(checkout, statusOf(QR_ORDER, 'paid', 1300))
    expect(checkout.state()).toBe('paid')
    expect(checkout.actor.getSnapshot().context.newBalance).toBe(1300)
    expect(checkout.effectsSoFar()).toEqual([
      ['notifyPaid', { orderId: 'GY_ORDER_1', balance: 1300 }],
    ])
    // Nothing more is asked once paid.
    checkout.clock.increment(10_000)
    expect(checkout.effectsSoFar()).toEqual([])
  })

  it('expires when the deadline passes while the code is shown, and stops polling', async () => {
    const checkout = await startWaiting()
    await answerQuery(checkout, statusOf(QR_ORDER, 'created'))
    checkout.clock.increment(2000)
    await answerQuery(checkout, statusOf(QR_ORDER, 'created'))
    checkout.effectsSoFar()
    checkout.clock.increment(1000)
    expect(checkout.state()).toBe('expired')
    expect(checkout.remaining()).toBe(0)
    checkout.clock.increment(10_000)
    expect(checkout.effectsSoFar()).toEqual([])
  })

  it('reads an order the server closed at its expiry as expired', async () => {
    const checkout = startCheckout()
    checkout.clock.set(5000)
    checkout.actor.send({ type: 'checkout.resume', orderId: 'GY_ORDER_1' })
    expect(checkout.effectsSoFar()).toEqual([['queryOrder', { orderId: 'GY_ORDER_1' }]])
    await answerQuery(checkout, statusOf(QR_ORDER, 'closed'))
    expect(checkout.state()).toBe('expired')
  })

  it('reads a refunded order as closed and refunded, even after its expiry', async () => {
    const checkout = startCheckout()
    checkout.clock.set(5000)
    checkout.actor.send({ type: 'checkout.resume', orderId: 'GY_ORDER_1' })
    checkout.effectsSoFar()
    await answerQuery(checkout, statusOf(QR_ORDER, 'refunded'))
    expect(checkout.state()).toBe('closed')
    expect(checkout.actor.getSnapshot().context.refunded).toBe(true)
  })

  it('reads an order closed before its expiry (the payer cancelled at the provider) as closed', async () => {
    const checkout = await startWaiting()
    await answerQuery(checkout, statusOf(QR_ORDER, 'closed'))
    expect(checkout.state()).toBe('closed')
  })

  it('keeps polling through passing failures, fails on lasting ones', async () => {
    const checkout = await startWaiting()
    await answerQuery(checkout, new Error('network down'))
    expect(checkout.state()).toBe('waiting')
    checkout.clock.increment(2000)
    expect(checkout.effectsSoFar()).toEqual([['queryOrder', { orderId: 'GY_ORDER_1' }]])
    const failure = new LastingFailure('订单不存在')
    await answerQuery(checkout, failure)
    expect(checkout.state()).toBe('failed')
    expect(checkout.actor.getSnapshot().context.error).toBe(failure)
  })

  it('fails with the error itself when the order cannot be created, and discards the window', async () => {
    const checkout = startCheckout()
    const failure = new Error('服务器异常，请稍后重试')
    checkout.actor.send({ type: 'checkout.start', request: PACKAGE })
    checkout.createOrder.reject(failure)
    await waitFor(checkout.actor, (snapshot) => snapshot.matches('failed'))
    expect(checkout.actor.getSnapshot().context.error).toBe(failure)
    expect(checkout.actor.getSnapshot().context.orderId).toBeNull()
    expect(checkout.effectsSoFar()).toEqual([['createOrder', PACKAGE], ['discardCheckout']])
  })

  it('lets the payer cancel: no failure, no more questions, and a new order on retry', async () => {
    const checkout = await startWaiting()
    checkout.actor.send({ type: 'checkout.cancel' })
    expect(checkout.state()).toBe('cancelled')
    expect(checkout.actor.getSnapshot().context.error).toBeNull()
    checkout.clock.increment(10_000)
    expect(checkout.effectsSoFar()).toEqual([])

    checkout.actor.send({ type: 'checkout.retry' })
    expect(checkout.state()).toBe('creating')
    expect(checkout.effectsSoFar()).toEqual([['createOrder', PACKAGE]])
    // The old order is forgotten while the new one is created.
    expect(checkout.actor.getSnapshot().context.orderId).toBeNull()
  })

  it('creates a new order for the same request after expiry', async () => {
    const checkout = await startWaiting()
    checkout.clock.increment(3000)
    expect(checkout.state()).toBe('expired')
    checkout.effectsSoFar()
    checkout.actor.send({ type: 'checkout.retry' })
    expect(checkout.effectsSoFar()).toEqual([['createOrder', PACKAGE]])
  })

  it('returns to idle on retry of a resumed order, whose request it never knew', async () => {
    const checkout = startCheckout()
    checkout.actor.send({ type: 'checkout.resume', orderId: 'GY_ORDER_1' })
    await answerQuery(checkout, new LastingFailure('订单不存在'))
    checkout.effectsSoFar()
    checkout.actor.send({ type: 'checkout.retry' })
    expect(checkout.state()).toBe('idle')
    expect(checkout.effectsSoFar()).toEqual([])
  })

  it('learns a resumed order from its first answer', async () => {
    const checkout = startCheckout()
    checkout.actor.send({ type: 'checkout.resume', orderId: 'GY_ORDER_1' })
    expect(checkout.remaining()).toBeNull()
    await answerQuery(checkout, statusOf(QR_ORDER, 'created'))
    expect(checkout.actor.getSnapshot().context).toMatchObject({ amountFen: 3000, points: 300 })
    expect(checkout.remaining()).toBe(3)
  })

  it('runs with its harmless defaults: the default order expires at once and nothing is paid', async () => {
    const actor = createActor(checkoutMachine, { clock: new SimulatedClock() }).start()
    actor.send({ type: 'checkout.start', request: PACKAGE })
    await waitFor(actor, (snapshot) => snapshot.matches('expired'))
    actor.stop()
  })
})

type Step = { event: { type: string } }

/** Far enough that no path reaches it by polling; the server moving it closer expires the order. */
const PATH_ORDER: CheckoutOrder = { ...QR_ORDER, expiresAt: new Date(3_600_000).toISOString() }
const PATH_REDIRECT_ORDER: CheckoutOrder = { ...REDIRECT_ORDER, expiresAt: PATH_ORDER.expiresAt }
const EXPIRED_STATUS: CheckoutOrderStatus = {
  ...statusOf(PATH_ORDER, 'created'),
  expiresAt: new Date(0).toISOString(),
}

describe('checkoutMachine paths', () => {
  // The one-second readings of the clock only move the countdown; the model leaves them out,
  // and the test moves the real clock only where a path says time passes (between two polls).
  const model = createTestModel(
    toTestModelMachine(
      checkoutMachine.provide({
        actions: { readClock: () => {} },
        guards: { isLastingFailure: (_, { error }) => error instanceof LastingFailure },
      }),
    ),
    {
      events: [
        { type: 'checkout.start', request: PACKAGE },
        { type: 'checkout.resume', orderId: PATH_ORDER.orderId },
        { type: 'checkout.cancel' },
        { type: 'checkout.reopen' },
        { type: 'checkout.retry' },
        { type: 'checkout.reset' },
        { type: 'xstate.done.actor.createOrder', output: PATH_ORDER },
        { type: 'xstate.done.actor.createOrder', output: PATH_REDIRECT_ORDER },
        { type: 'xstate.error.actor.createOrder', error: new Error('refused') },
        { type: 'xstate.done.actor.queryOrder', output: statusOf(PATH_ORDER, 'created') },
        { type: 'xstate.done.actor.queryOrder', output: statusOf(PATH_ORDER, 'paid', 1300) },
        { type: 'xstate.done.actor.queryOrder', output: statusOf(PATH_ORDER, 'closed') },
        { type: 'xstate.done.actor.queryOrder', output: EXPIRED_STATUS },
        { type: 'xstate.error.actor.queryOrder', error: new Error('network down') },
        { type: 'xstate.error.actor.queryOrder', error: new LastingFailure('gone') },
        { type: 'xstate.after.pollInterval.checkout.waiting.poll.pausing' },
      ] as never,
      serializeState: (state) => {
        const { now: _now, error, ...context } = (state as unknown as CheckoutSnapshot).context
        return JSON.stringify({ value: state.value, context, failed: error !== null })
      },
    },
  )
  const paths = model.getShortestPaths()

  it('reaches every state of the chart', () => {
    // Paths that are the start of a longer one are left out, so look at every step too.
    const visited = paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)])
    const reached = new Set(
      visited.map((state) => selectCheckoutState(state as unknown as CheckoutSnapshot)),
    )
    expect(reached).toEqual(new Set(checkoutMachineStates))
  })

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const checkout = startCheckout()
    /** What each kind of step must have asked the world for, given the state it led to. */
    const expectedEffects = (event: { type: string }, after: CheckoutSnapshot): Effect[] => {
      const orderId = after.context.orderId ?? ''
      const polls: Effect[] = after.matches({ waiting: { poll: 'querying' } })
        ? [['queryOrder', { orderId }]]
        : []
      switch (event.type) {
        case 'checkout.start':
          return [['createOrder', PACKAGE]]
        case 'checkout.retry':
          return after.matches('creating') ? [['createOrder', PACKAGE]] : []
        case 'checkout.resume':
          return polls
        case 'checkout.reopen':
          return after.context.checkoutKind === 'redirect'
            ? [['openCheckout', { url: PATH_REDIRECT_ORDER.checkoutUrl }]]
            : []
        case 'xstate.done.actor.createOrder': {
          const { output } = event as unknown as { output: CheckoutOrder }
          const opened: Effect =
            output.checkoutKind === 'redirect'
              ? ['openCheckout', { url: output.checkoutUrl }]
              : ['discardCheckout']
          return [opened, ...polls]
        }
        case 'xstate.error.actor.createOrder':
          return [['discardCheckout']]
        case 'xstate.done.actor.queryOrder':
          return after.matches('paid')
            ? [['notifyPaid', { orderId: PATH_ORDER.orderId, balance: 1300 }]]
            : []
        case 'xstate.after.pollInterval.checkout.waiting.poll.pausing':
          return polls
        default:
          return []
      }
    }
    const replay = async ({ event }: Step) => {
      const settled = event as unknown as { output?: unknown; error?: unknown }
      switch (event.type) {
        case 'xstate.done.actor.createOrder':
          checkout.createOrder.resolve(settled.output as CheckoutOrder)
          await waitFor(checkout.actor, (snapshot) => !snapshot.matches('creating'))
          break
        case 'xstate.error.actor.createOrder':
          checkout.createOrder.reject(settled.error)
          await waitFor(checkout.actor, (snapshot) => !snapshot.matches('creating'))
          break
        case 'xstate.done.actor.queryOrder':
          await answerQuery(checkout, settled.output as CheckoutOrderStatus)
          break
        case 'xstate.error.actor.queryOrder':
          await answerQuery(checkout, settled.error as Error)
          break
        case 'xstate.after.pollInterval.checkout.waiting.poll.pausing':
          checkout.clock.increment(2000)
          break
        default:
          checkout.actor.send(event as CheckoutEvent)
      }
      expect(checkout.effectsSoFar()).toEqual(expectedEffects(event, checkout.actor.getSnapshot()))
    }
    await path.test({
      states: {
        '*': (expected) => {
          expect(checkout.actor.getSnapshot().value).toEqual(expected.value)
        },
      },
      events: Object.fromEntries(
        [
          'checkout.start',
          'checkout.resume',
          'checkout.cancel',
          'checkout.reopen',
          'checkout.retry',
          'checkout.reset',
          'xstate.done.actor.createOrder',
          'xstate.error.actor.createOrder',
          'xstate.done.actor.queryOrder',
          'xstate.error.actor.queryOrder',
          'xstate.after.pollInterval.checkout.waiting.poll.pausing',
        ].map((type) => [type, replay]),
      ),
    })
  })
})
