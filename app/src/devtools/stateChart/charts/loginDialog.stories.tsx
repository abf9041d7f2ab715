import type { LoginDialogEvent } from '@gy/machines'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { LoginDialogHost } from '../../../shells/LoginDialogHost'
import { ToastHost } from '../../../shells/ToastHost'
import { MachinePlayground } from '../MachinePlayground'
import { createStoryLoginDialog, createStorySmsCountdown, REFUSED_CODE } from './loginActors'
import { createStoryApp, type SettleMode, STORY_TOAST_MS, StoryRuntime } from './storyRuntime'

const EVENTS: LoginDialogEvent[] = [
  { type: 'login.open' },
  { type: 'login.close' },
  { type: 'login.phone.change', value: '13800138000' },
  { type: 'login.code.change', value: '246810' },
  { type: 'login.code.change', value: REFUSED_CODE },
  { type: 'login.submit' },
]

interface LoginDialogChartProps {
  /** How the story's login request ends. */
  settle: SettleMode
  /** Sent on start, to show the chart and the view in a given state. */
  steps: LoginDialogEvent[]
}

function LoginDialogChart({ settle, steps }: LoginDialogChartProps) {
  const [app] = useState(() => {
    const story = createStoryApp(({ toasts }) => ({
      loginDialog: createStoryLoginDialog(toasts, settle),
      smsCountdown: createStorySmsCountdown(toasts, 'slow'),
    }))
    for (const step of steps) story.machines.loginDialog.send(step)
    return story
  })
  return (
    <StoryRuntime app={app}>
      <MachinePlayground actor={app.actors.loginDialog} events={EVENTS}>
        <LoginDialogHost />
        <ToastHost duration={STORY_TOAST_MS} />
      </MachinePlayground>
    </StoryRuntime>
  )
}

const filled: LoginDialogEvent[] = [
  { type: 'login.open' },
  { type: 'login.phone.change', value: '13800138000' },
  { type: 'login.code.change', value: '246810' },
]

/**
 * The login dialog's machine, drawn from its definition, beside the app's real login dialog. Click
 * 登录 or send events: the lit box is the state the dialog is in, the lit arrows the ways out.
 * Use it to agree what the dialog does before changing it; the code, not this page, is the truth.
 */
const meta = {
  title: 'Machines/loginDialog',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: LoginDialogChart,
  args: { settle: 'slow', steps: [] },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof LoginDialogChart>

export default meta
type Story = StoryObj<typeof meta>

/** Starts closed; send login.open, type a number and a code, press 登录 (000000 is refused). */
export const Live: Story = {}

export const Editing: Story = { args: { steps: [{ type: 'login.open' }] } }

export const EditingFilled: Story = { args: { steps: filled } }

/** The request is on its way: the 登录中 mask covers the dialog and closing is ignored. */
export const Submitting: Story = {
  args: { settle: 'hold', steps: [...filled, { type: 'login.submit' }] },
}
