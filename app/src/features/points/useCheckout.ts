import {
  ApiError,
  type ApiClient,
  type ChargeOrderStatus,
  type ChargeRequest,
  createChargeOrder,
  queryChargeOrder,
} from '@gy/api'
import type { CheckoutState } from '@gy/design-system'
import { useCallback, useEffect, useRef, useState } from 'react'
import { POINTS_TEXT as TEXT } from '../../strings'

const POLL_INTERVAL_MS = 1500

export interface Checkout {
  state: CheckoutState
  orderId?: string
  amountFen?: number
  points?: number
  newBalance?: number
  message?: string
  checkoutUrl?: string
}

/**
 * A top-up from the click to the points: create the order, open the provider's checkout (a new
 * tab, or this one if the browser blocks it), then poll the order until it is paid, closed or
 * expired. Opening /buyPoints?orderId=... (the checkout's way back) resumes the polling.
 */
export function useCheckout(api: ApiClient, resumeOrderId: string | null, onPaid: () => void) {
  const [checkout, setCheckout] = useState<Checkout>({ state: 'idle' })
  const pollTimer = useRef<number | undefined>(undefined)
  const onPaidRef = useRef(onPaid)
  useEffect(() => {
    onPaidRef.current = onPaid
  })

  const stopPolling = useCallback(() => window.clearTimeout(pollTimer.current), [])

  const poll = useCallback(
    (orderId: string) => {
      stopPolling()
      const check = async () => {
        let status: ChargeOrderStatus
        try {
          status = await queryChargeOrder(api, orderId)
        } catch (error) {
          // A passing network failure must not end the wait; the session dialog handles 401s.
          if (error instanceof ApiError && error.kind === 'business') {
            setCheckout((current) => ({ ...current, state: 'failed', message: error.message }))
            return
          }
          pollTimer.current = window.setTimeout(check, POLL_INTERVAL_MS)
          return
        }
        const known = {
          orderId,
          amountFen: status.amountFen,
          points: status.points,
        }
        if (status.state === 'paid') {
          setCheckout({ state: 'paid', ...known, newBalance: status.balance })
          onPaidRef.current()
        } else if (status.state === 'created') {
          if (Date.parse(status.expiresAt) <= Date.now()) {
            setCheckout((current) => ({
              ...current,
              ...known,
              state: 'expired',
              message: TEXT.expired,
            }))
            return
          }
          setCheckout((current) => ({ ...current, ...known, state: 'waiting' }))
          pollTimer.current = window.setTimeout(check, POLL_INTERVAL_MS)
        } else {
          setCheckout({ state: 'failed', ...known, message: TEXT.closed })
        }
      }
      void check()
    },
    [api, stopPolling],
  )

  useEffect(() => {
    if (resumeOrderId) poll(resumeOrderId)
    return stopPolling
  }, [resumeOrderId, poll, stopPolling])

  const start = useCallback(
    async (request: ChargeRequest) => {
      stopPolling()
      // Opened inside the click, before any await, so pop-up blockers let it through.
      const checkoutWindow = window.open('', '_blank')
      setCheckout({ state: 'creating' })
      try {
        const order = await createChargeOrder(api, request)
        setCheckout({
          state: 'waiting',
          orderId: order.orderId,
          amountFen: order.amountFen,
          points: order.points,
          checkoutUrl: order.checkoutUrl,
        })
        const url = new URL(order.checkoutUrl, window.location.href).href
        if (checkoutWindow) {
          checkoutWindow.location.href = url
        } else {
          window.location.assign(url)
          return
        }
        poll(order.orderId)
      } catch (error) {
        checkoutWindow?.close()
        setCheckout({
          state: 'failed',
          message: error instanceof ApiError ? error.message : TEXT.orderFailed,
        })
      }
    },
    [api, poll, stopPolling],
  )

  const reset = useCallback(() => {
    stopPolling()
    setCheckout({ state: 'idle' })
  }, [stopPolling])

  return { checkout, start, reset }
}
