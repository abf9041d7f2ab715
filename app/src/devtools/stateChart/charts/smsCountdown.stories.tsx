import type { SmsCountdownEvent } from '@gy/machines'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { LoginDialogHost } from '../../../shells/LoginDialogHost'
import { ToastHost } from '../../../shells/ToastHost'
import { MachinePlayground } from '../MachinePlayground'
import { createStoryLoginDialog, createStorySmsCountdown } from './loginActors'
import { createStoryApp, type SettleMode, STORY_TOAST_MS, StoryRuntime } from './storyRuntime'

const PHONE = '13800138000'

const send: SmsCountdownEvent = { type: 'sms.send', phone: PHONE }

const EVENTS: SmsCountdownEvent[] = [send, { type: 'sms.send', phone: '' }]

interface SmsCountdownChartProps {
  /** How the story's send-code request ends. */
  settle: SettleMode
  /** Holds the one-second tick, so the countdown stays on its first value. */
  heldClock: boolean
  steps: SmsCountdownEvent[]
}

function SmsCountdownChart({ settle, heldClock, steps }: SmsCountdownChartProps) {
  const [app] = useState(() => {
    const story = createStoryApp(({ toasts }) => ({
      loginDialog: createStoryLoginDialog(toasts, 'slow'),
      smsCountdown: createStorySmsCountdown(toasts, settle, heldClock),
    }))
    // The button lives in the login dialog: open, with a number typed.
    story.machines.loginDialog.send({ type: 'login.open' })
    story.machines.loginDialog.send({ type: 'login.phone.change', value: PHONE })
    for (const step of steps) story.machines.smsCountdown.send(step)
    return story
  })
  return (
    <StoryRuntime app={app}>
      <MachinePlayground actor={app.actors.smsCountdown} events={EVENTS}>
        <LoginDialogHost />
        <ToastHost duration={STORY_TOAST_MS} />
      </MachinePlayground>
    </StoryRuntime>
  )
}

/**
 * The 获取验证码 button's machine beside the app's login dialog: idle → sending → counting → idle,
 * with the button disabled while busy. Press 获取验证码 in the dialog and watch the tick re-enter
 * `counting` every second until the last one.
 */
const meta = {
  title: 'Machines/smsCountdown',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: SmsCountdownChart,
  args: { settle: 'slow', heldClock: false, steps: [] },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SmsCountdownChart>

export default meta
type Story = StoryObj<typeof meta>

export const Live: Story = {}

export const Sending: Story = { args: { settle: 'hold', steps: [send] } }

/** The first second of the 60-second wait, held still for a stable screenshot. */
export const Counting: Story = {
  args: { settle: 'instant', heldClock: true, steps: [send] },
}
