import { ApiError } from '@gy/api'
import { CheckoutProgress } from '@gy/design-system'
import {
  type CheckoutEvent,
  checkoutMachine,
  type CheckoutOrder,
  type CheckoutOrderStatus,
  type CheckoutRequest,
  type QueryOrderInput,
  selectCheckoutState,
} from '@gy/machines'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { assign, createActor, fromPromise } from 'xstate'
import { POINTS_TEXT } from '../../../strings'
import { MachinePlayground } from '../MachinePlayground'
import { HELD_TIMER_MS, settle, type SettleMode } from './storyRuntime'

/** The story's clock stands still, so the 15-minute countdown reads the same in every screenshot. */
const STORY_NOW = Date.parse('2026-05-01T12:00:00.000Z')
const PAYABLE_FOR_MS = 15 * 60 * 1000

const ORDER: CheckoutOrder = {
  orderId: 'GY202605011200000001',
  checkoutKind: 'redirect',
  checkoutUrl: '/story/pay',
  expiresAt: new Date(STORY_NOW + PAYABLE_FOR_MS).toISOString(),
  amountFen: 3000,
  points: 300,
}

const REQUEST: CheckoutRequest = { packageId: 'points-300', checkoutKind: 'redirect' }

const queryAnswers = ['hold', 'created', 'paid', 'closed', 'expired', 'paidLater'] as const
type QueryAnswer = (typeof queryAnswers)[number]

function statusOf(state: CheckoutOrderStatus['state'], expired = false): CheckoutOrderStatus {
  return {
    orderId: ORDER.orderId,
    state,
    amountFen: ORDER.amountFen,
    points: ORDER.points,
    balance: state === 'paid' ? 1280 : 980,
    expiresAt: expired ? new Date(STORY_NOW).toISOString() : ORDER.expiresAt,
  }
}

const EVENTS: CheckoutEvent[] = [
  { type: 'checkout.start', request: REQUEST },
  { type: 'checkout.cancel' },
  { type: 'checkout.reopen' },
  { type: 'checkout.retry' },
  { type: 'checkout.reset' },
  { type: 'checkout.resume', orderId: ORDER.orderId },
]

interface CheckoutChartProps {
  /** How creating the order ends; `fail` refuses it as the server would. */
  create: SettleMode | 'fail'
  /** What querying the order answers. */
  query: QueryAnswer
  steps: CheckoutEvent[]
}

function CheckoutChart({ create, query, steps }: CheckoutChartProps) {
  const [actor] = useState(() => {
    let queries = 0
    const started = createActor(
      checkoutMachine.provide({
        actors: {
          createOrder: fromPromise<CheckoutOrder, CheckoutRequest>(async () => {
            await settle(create === 'fail' ? 'instant' : create)
            if (create === 'fail')
              throw new ApiError('business', 'orderFailed', POINTS_TEXT.orderFailed)
            return ORDER
          }),
          queryOrder: fromPromise<CheckoutOrderStatus, QueryOrderInput>(async () => {
            queries += 1
            if (query === 'hold') await settle('hold')
            if (query === 'paid' || (query === 'paidLater' && queries > 2)) return statusOf('paid')
            if (query === 'closed') return statusOf('closed')
            if (query === 'expired') return statusOf('closed', true)
            return statusOf('created')
          }),
        },
        actions: { readClock: assign({ now: STORY_NOW }) },
        // The live story polls as the app does; the others hold their timers still.
        ...(query === 'paidLater' ? {} : { delays: { oneSecond: HELD_TIMER_MS } }),
      }),
    ).start()
    for (const step of steps) started.send(step)
    return started
  })
  const state = useSelector(actor, selectCheckoutState)
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const send = (event: CheckoutEvent) => () => actor.send(event)
  return (
    <MachinePlayground actor={actor} events={EVENTS}>
      <CheckoutProgress
        state={state}
        orderId={context.orderId ?? undefined}
        amountFen={context.amountFen ?? undefined}
        points={context.points ?? undefined}
        newBalance={context.newBalance ?? undefined}
        message={state === 'failed' ? POINTS_TEXT.orderFailed : undefined}
        onRetry={send({ type: 'checkout.retry' })}
        onClose={send({ type: state === 'waiting' ? 'checkout.cancel' : 'checkout.reset' })}
        onOpenCheckout={send({ type: 'checkout.reopen' })}
      />
    </MachinePlayground>
  )
}

const start: CheckoutEvent = { type: 'checkout.start', request: REQUEST }

/**
 * Paying for points or a licence: create the order, open the provider's page, then query the order
 * every few seconds while a 15-minute countdown runs, until it is paid, closed, expired or given up.
 * The view is the 积分充值 page's progress panel.
 */
const meta = {
  title: 'Machines/checkout',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: CheckoutChart,
  args: { create: 'slow', query: 'paidLater', steps: [] },
  argTypes: { query: { control: 'select', options: queryAnswers } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof CheckoutChart>

export default meta
type Story = StoryObj<typeof meta>

/** Send checkout.start: the story's order is paid on the third query. */
export const Live: Story = {}

export const Creating: Story = { args: { create: 'hold', query: 'hold', steps: [start] } }

export const Waiting: Story = { args: { create: 'instant', query: 'hold', steps: [start] } }

export const Paid: Story = { args: { create: 'instant', query: 'paid', steps: [start] } }

export const Closed: Story = { args: { create: 'instant', query: 'closed', steps: [start] } }

export const Expired: Story = { args: { create: 'instant', query: 'expired', steps: [start] } }

export const Cancelled: Story = {
  args: { create: 'instant', query: 'hold', steps: [start] },
  play: async ({ canvas, userEvent }) => {
    // The order is created asynchronously; give it up once the panel waits for payment.
    const cancel = await canvas.findByRole('button', { name: 'checkout.cancel' })
    await waitFor(() => expect(cancel).toBeEnabled())
    await userEvent.click(cancel)
  },
}

export const Failed: Story = { args: { create: 'fail', query: 'hold', steps: [start] } }
