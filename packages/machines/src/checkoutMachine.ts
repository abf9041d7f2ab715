import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { SnapshotFrom } from 'xstate'

/** How the payer pays: a page to open (`redirect`) or a code to scan with a phone (`qrCode`). */
export type CheckoutKind = 'redirect' | 'qrCode'

/** A licence of a listed work: which work and which licence; the server sets the price. */
export interface LicenceCheckoutChoice {
  goodsId: string
  licenceType: 'personal' | 'commercial'
}

/**
 * What the payer chose: a points package or an amount, or a licence of a work, and the checkout
 * they prefer. The machine only carries it to `createOrder`; the server computes the price.
 */
export type CheckoutRequest = (
  { packageId: string } | { amountFen: number } | LicenceCheckoutChoice
) & {
  checkoutKind?: CheckoutKind
}

/** The order `createOrder` answers (the `charge/charge` data). `expiresAt` is ISO 8601. */
export interface CheckoutOrder {
  orderId: string
  checkoutKind: CheckoutKind
  checkoutUrl: string
  expiresAt: string
  amountFen: number
  points: number
}

/** What `queryOrder` answers (the `charge/queryChargeOrder` data). */
export interface CheckoutOrderStatus {
  orderId: string
  state: 'created' | 'paid' | 'closed' | 'refunded'
  amountFen: number
  points: number
  /** The user's points balance now. */
  balance: number
  expiresAt: string
}

export interface QueryOrderInput {
  orderId: string
}

export interface OpenCheckoutParams {
  url: string
}

export interface CheckoutPaidParams {
  orderId: string
  balance: number
}

export interface CheckoutContext {
  /** The last request, so a new order can be created after expiry; null for a resumed order. */
  request: CheckoutRequest | null
  orderId: string | null
  checkoutKind: CheckoutKind | null
  checkoutUrl: string | null
  amountFen: number | null
  points: number | null
  /** When the order stops being payable, in epoch milliseconds; null until known. */
  deadline: number | null
  /** The clock's time at the last reading, in epoch milliseconds. */
  now: number
  /** The balance once paid. */
  newBalance: number | null
  /** The order ended refunded: paid, then given back (it bought something already held). */
  refunded: boolean
  /** Why the checkout failed, as thrown by an effect; the app turns it into a message. */
  error: unknown
}

export type CheckoutEvent =
  | { type: 'checkout.start'; request: CheckoutRequest }
  /** Follow an order created earlier, e.g. on the provider's way back to /buyPoints?orderId=. */
  | { type: 'checkout.resume'; orderId: string }
  /** The payer gives up (closes the QR, presses 取消支付). Not a failure. */
  | { type: 'checkout.cancel' }
  /** Open the provider's page again (a blocked or closed tab). */
  | { type: 'checkout.reopen' }
  /** A new order for the same request, after expiry, closure, cancellation or failure. */
  | { type: 'checkout.retry' }
  /** Back to choosing a package. */
  | { type: 'checkout.reset' }

/** Every state of the chart, for views and stories. */
export const checkoutMachineStates = [
  'idle',
  'creating',
  'waiting',
  'paid',
  'closed',
  'expired',
  'cancelled',
  'failed',
] as const
export type CheckoutMachineState = (typeof checkoutMachineStates)[number]

const EMPTY_ORDER = {
  orderId: null,
  checkoutKind: null,
  checkoutUrl: null,
  amountFen: null,
  points: null,
  deadline: null,
  newBalance: null,
  refunded: false,
  error: null,
} satisfies Partial<CheckoutContext>

/** Epoch milliseconds of an ISO time; null when it does not parse. */
function deadlineOf(expiresAt: string): number | null {
  const time = Date.parse(expiresAt)
  return Number.isNaN(time) ? null : time
}

/** What the page may do once a checkout has ended without payment. */
const endOfCheckout = {
  'checkout.retry': [{ guard: 'hasRequest', target: 'creating' }, { target: 'idle' }],
  'checkout.reset': { target: 'idle', actions: 'forgetOrder' },
} as const

/**
 * A points top-up from the click to the points (issue 9): create the order, show its QR code or
 * open the provider's page, then ask the server for the order's state every `pollInterval` until
 * it is paid or closed, while a one-second clock counts down to the order's expiry.
 *
 * idle → creating → waiting → paid | closed | expired | cancelled | failed, and from the last
 * five `checkout.retry` creates a new order (or returns to idle when the request is unknown).
 *
 * The app provides: actors `createOrder` (input {@link CheckoutRequest}, output
 * {@link CheckoutOrder}) and `queryOrder` (input {@link QueryOrderInput}, output
 * {@link CheckoutOrderStatus}); actions `openCheckout` ({@link OpenCheckoutParams}), `discardCheckout`
 * (a window prepared for a page that will not come), `notifyPaid` ({@link CheckoutPaidParams}) and
 * `readClock` (assigns `now`; `Date.now()` by default); guard `isLastingFailure` (a query error
 * that no retry will cure, e.g. the order is not the user's; transient ones keep polling).
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as 'busy' | 'payable',
  },
  actions: {
    openCheckout: (_, _params: OpenCheckoutParams) => {},
    discardCheckout: () => {},
    notifyPaid: (_, _params: CheckoutPaidParams) => {},
    readClock: assign({ now: () => Date.now() }),
    rememberRequest: assign(({ event }) => {
      assertEvent(event, 'checkout.start')
      return { request: event.request }
    }),
    forgetOrder: assign(EMPTY_ORDER),
    rememberResumedOrder: assign(({ event }) => {
      assertEvent(event, 'checkout.resume')
      return { ...EMPTY_ORDER, request: null, orderId: event.orderId }
    }),
    rememberOrder: assign((_, order: CheckoutOrder) => ({
      orderId: order.orderId,
      checkoutKind: order.checkoutKind,
      checkoutUrl: order.checkoutUrl,
      amountFen: order.amountFen,
      points: order.points,
      deadline: deadlineOf(order.expiresAt),
    })),
    rememberStatus: assign((_, status: CheckoutOrderStatus) => ({
      amountFen: status.amountFen,
      points: status.points,
      deadline: deadlineOf(status.expiresAt),
      newBalance: status.state === 'paid' ? status.balance : null,
      refunded: status.state === 'refunded',
    })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: params.error })),
  },
  guards: {
    hasRequest: ({ context }) => context.request !== null,
    isRedirect: (_, order: CheckoutOrder) => order.checkoutKind === 'redirect',
    isPaid: (_, status: CheckoutOrderStatus) => status.state === 'paid',
    // Judged by the answer's own expiry: a resumed order has no deadline before its first answer.
    // A refunded order was paid (and given back), so it never reads as merely expired.
    isClosedInTime: ({ context }, status: CheckoutOrderStatus) => {
      if (status.state === 'refunded') return true
      const deadline = deadlineOf(status.expiresAt) ?? context.deadline
      return status.state === 'closed' && (deadline === null || context.now < deadline)
    },
    isClosedAtExpiry: (_, status: CheckoutOrderStatus) => status.state === 'closed',
    isPastDeadline: ({ context }) => context.deadline !== null && context.now >= context.deadline,
    isLastingFailure: (_, _params: { error: unknown }) => false,
    hasRedirect: ({ context }) =>
      context.checkoutKind === 'redirect' && context.checkoutUrl !== null,
  },
  actors: {
    // The defaults never reach a provider: an order that expires at once and never gets paid.
    createOrder: fromPromise<CheckoutOrder, CheckoutRequest>(async () => ({
      orderId: 'GY_NOT_PROVIDED',
      checkoutKind: 'qrCode',
      checkoutUrl: '',
      expiresAt: new Date(0).toISOString(),
      amountFen: 0,
      points: 0,
    })),
    queryOrder: fromPromise<CheckoutOrderStatus, QueryOrderInput>(async ({ input }) => ({
      orderId: input.orderId,
      state: 'created',
      amountFen: 0,
      points: 0,
      balance: 0,
      expiresAt: new Date(0).toISOString(),
    })),
  },
  delays: {
    /** Between two questions to the server about the order. */
    pollInterval: 2000,
    /** Between two readings of the clock for the countdown. */
    oneSecond: 1000,
  },
}).createMachine({
  id: 'checkout',
  context: {
    request: null,
    ...EMPTY_ORDER,
    now: 0,
  },
  initial: 'idle',
  on: {
    // Valid in every state; a terminal state's page may be reloaded with another order.
    'checkout.resume': { target: '.waiting', actions: ['rememberResumedOrder', 'readClock'] },
  },
  states: {
    idle: {
      on: {
        'checkout.start': { target: 'creating', actions: 'rememberRequest' },
      },
    },
    creating: {
      tags: 'busy',
      entry: 'forgetOrder',
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => {
          // Entered only from transitions that set the request first.
          if (context.request === null) throw new Error('creating without a request')
          return context.request
        },
        onDone: [
          {
            guard: { type: 'isRedirect', params: ({ event }) => event.output },
            target: 'waiting',
            actions: [
              { type: 'rememberOrder', params: ({ event }) => event.output },
              'readClock',
              { type: 'openCheckout', params: ({ event }) => ({ url: event.output.checkoutUrl }) },
            ],
          },
          {
            target: 'waiting',
            actions: [
              { type: 'rememberOrder', params: ({ event }) => event.output },
              'readClock',
              'discardCheckout',
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            'discardCheckout',
          ],
        },
      },
    },
    waiting: {
      tags: 'payable',
      type: 'parallel',
      on: {
        'checkout.cancel': { target: 'cancelled' },
        'checkout.reopen': {
          guard: 'hasRedirect',
          actions: {
            type: 'openCheckout',
            params: ({ context }) => ({ url: context.checkoutUrl ?? '' }),
          },
        },
      },
      states: {
        poll: {
          initial: 'querying',
          states: {
            querying: {
              invoke: {
                id: 'queryOrder',
                src: 'queryOrder',
                input: ({ context }) => ({ orderId: context.orderId ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isPaid', params: ({ event }) => event.output },
                    target: '#checkout.paid',
                    actions: [
                      { type: 'rememberStatus', params: ({ event }) => event.output },
                      {
                        type: 'notifyPaid',
                        params: ({ event }) => ({
                          orderId: event.output.orderId,
                          balance: event.output.balance,
                        }),
                      },
                    ],
                  },
                  {
                    guard: { type: 'isClosedInTime', params: ({ event }) => event.output },
                    target: '#checkout.closed',
                    actions: { type: 'rememberStatus', params: ({ event }) => event.output },
                  },
                  {
                    guard: { type: 'isClosedAtExpiry', params: ({ event }) => event.output },
                    target: '#checkout.expired',
                    actions: { type: 'rememberStatus', params: ({ event }) => event.output },
                  },
                  {
                    target: 'pausing',
                    actions: { type: 'rememberStatus', params: ({ event }) => event.output },
                  },
                ],
                onError: [
                  {
                    guard: {
                      type: 'isLastingFailure',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: '#checkout.failed',
                    actions: {
                      type: 'rememberError',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                  // A passing failure (the network, a restart) must not end the wait.
                  { target: 'pausing' },
                ],
              },
            },
            pausing: {
              after: { pollInterval: 'querying' },
            },
          },
        },
        countdown: {
          initial: 'ticking',
          states: {
            ticking: {
              always: { guard: 'isPastDeadline', target: '#checkout.expired' },
              after: {
                // Re-entering restarts the timer; the clock is read, not counted, so a tab
                // whose timers the browser slowed still shows the true time left.
                oneSecond: { target: 'ticking', reenter: true, actions: 'readClock' },
              },
            },
          },
        },
      },
    },
    paid: {
      on: { 'checkout.reset': { target: 'idle', actions: 'forgetOrder' } },
    },
    // Each ends this checkout; the page offers a new order for the same choice, or going back.
    closed: { on: endOfCheckout },
    expired: { on: endOfCheckout },
    cancelled: { on: endOfCheckout },
    failed: { on: endOfCheckout },
  },
})

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>

/** The chart's top-level state: `waiting` whatever its polling and countdown are doing. */
export function selectCheckoutState(snapshot: CheckoutSnapshot): CheckoutMachineState {
  for (const state of checkoutMachineStates) {
    if (snapshot.matches(state)) return state
  }
  return 'idle'
}

/** Whole seconds until the order expires (rounded up), or null while the expiry is unknown. */
export function selectRemainingSeconds(snapshot: CheckoutSnapshot): number | null {
  const { deadline, now } = snapshot.context
  if (deadline === null) return null
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}
