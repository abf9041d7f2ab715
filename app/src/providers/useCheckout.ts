import { ApiError, type ApiClient, createChargeOrder, queryChargeOrder } from '@gy/api'
import {
  checkoutMachine,
  selectCheckoutState,
  selectRemainingSeconds,
  type CheckoutMachineState,
  type CheckoutOrder,
  type CheckoutOrderStatus,
  type CheckoutRequest,
  type QueryOrderInput,
} from '@gy/machines'
import { useActorRef, useSelector } from '@xstate/react'
import { useCallback, useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import { devInspect } from '../devtools/inspector'
import { POINTS_TEXT } from '../strings'

/** The message a failed checkout shows: the server's reason, or a plain 订单创建失败. */
function failureMessage(error: unknown): string | undefined {
  if (error === null || error === undefined) return undefined
  return error instanceof ApiError ? error.message : POINTS_TEXT.orderFailed
}

/** The calls that create and follow one kind of payment order. */
export interface CheckoutOrders {
  create(api: ApiClient, request: CheckoutRequest): Promise<CheckoutOrder>
  query(api: ApiClient, orderId: string): Promise<CheckoutOrderStatus>
}

/** Points top-ups: `charge/charge` and `charge/queryChargeOrder`. */
export const POINTS_ORDERS: CheckoutOrders = {
  create: (api, request) => {
    if ('goodsId' in request) throw new Error('a licence is bought with LICENCE_ORDERS')
    return createChargeOrder(api, request)
  },
  query: queryChargeOrder,
}

/**
 * The checkout machine with the app's effects: the API calls, the provider's page in a new tab
 * (or this one if the browser blocked it) and a refresh once paid. Built outside React: the
 * effects run long after the render that made them.
 */
function createAppCheckout(api: ApiClient, orders: CheckoutOrders) {
  // A blank tab opened inside the click, before any await, so pop-up blockers let it through.
  let preparedWindow: Window | null = null
  let onPaid: () => void = () => {}
  const machine = checkoutMachine.provide({
    actors: {
      createOrder: fromPromise<CheckoutOrder, CheckoutRequest>(({ input }) =>
        orders.create(api, input),
      ),
      queryOrder: fromPromise<CheckoutOrderStatus, QueryOrderInput>(({ input }) =>
        orders.query(api, input.orderId),
      ),
    },
    actions: {
      openCheckout: (_, { url }) => {
        const absolute = new URL(url, window.location.href).href
        const target = preparedWindow
        preparedWindow = null
        if (target && !target.closed) target.location.href = absolute
        // Blocked, or a reopen after the tab was closed: try a new tab, else go there.
        else if (!window.open(absolute, '_blank')) window.location.assign(absolute)
      },
      discardCheckout: () => {
        preparedWindow?.close()
        preparedWindow = null
      },
      notifyPaid: () => onPaid(),
    },
    guards: {
      // A business refusal (not yours, no such order) will not change; the network may.
      isLastingFailure: (_, { error }) => error instanceof ApiError && error.kind === 'business',
    },
  })
  return {
    machine,
    /** Call inside the click that starts a checkout which will open a page. */
    prepareWindow: () => {
      preparedWindow = window.open('', '_blank')
    },
    setOnPaid: (listener: () => void) => {
      onPaid = listener
    },
  }
}

/**
 * A payment from the click to what it buys, as the checkout machine runs it: points by default,
 * or whatever `orders` create. Opening the checkout's way back (/buyPoints?orderId=..., a work
 * page with ?orderId=...) resumes following that order.
 */
export function useCheckout(
  api: ApiClient,
  resumeOrderId: string | null,
  onPaid: () => void,
  orders: CheckoutOrders = POINTS_ORDERS,
) {
  const [wiring] = useState(() => createAppCheckout(api, orders))
  const actor = useActorRef(wiring.machine, { inspect: devInspect })
  useEffect(() => wiring.setOnPaid(onPaid), [wiring, onPaid])

  useEffect(() => {
    if (resumeOrderId) actor.send({ type: 'checkout.resume', orderId: resumeOrderId })
  }, [actor, resumeOrderId])

  const state: CheckoutMachineState = useSelector(actor, selectCheckoutState)
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const remainingSeconds = useSelector(actor, selectRemainingSeconds)

  const start = useCallback(
    (request: CheckoutRequest) => {
      if (request.checkoutKind !== 'qrCode') wiring.prepareWindow()
      actor.send({ type: 'checkout.start', request })
    },
    [actor, wiring],
  )

  return {
    state,
    context,
    remainingSeconds,
    message: failureMessage(context.error),
    start,
    cancel: useCallback(() => actor.send({ type: 'checkout.cancel' }), [actor]),
    reopen: useCallback(() => actor.send({ type: 'checkout.reopen' }), [actor]),
    retry: useCallback(() => actor.send({ type: 'checkout.retry' }), [actor]),
    reset: useCallback(() => actor.send({ type: 'checkout.reset' }), [actor]),
  }
}
