import { MESSAGES } from '@gy/api'
import { type SessionExpiryEvent, sessionExpiryMachine } from '@gy/machines'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { createActor } from 'xstate'
import { LoginDialogHost } from '../../../shells/LoginDialogHost'
import { SessionExpiryHost } from '../../../shells/SessionExpiryHost'
import { ToastHost } from '../../../shells/ToastHost'
import { MachinePlayground } from '../MachinePlayground'
import { createStoryApp, STORY_TOAST_MS, StoryRuntime } from './storyRuntime'

const expired: SessionExpiryEvent = { type: 'session.error', code: '401', hadToken: true }
const elsewhere: SessionExpiryEvent = { type: 'session.error', code: '402', hadToken: true }

const EVENTS: SessionExpiryEvent[] = [
  expired,
  elsewhere,
  { type: 'session.error', code: '401', hadToken: false },
  { type: 'session.confirm' },
  { type: 'session.cancel' },
]

function SessionExpiryChart({ steps }: { steps: SessionExpiryEvent[] }) {
  const [app] = useState(() => {
    const story = createStoryApp((runtime, { loginDialog }) => ({
      sessionExpiry: createActor(
        sessionExpiryMachine.provide({
          actions: {
            clearSession: () => runtime.session.logOut(),
            openLogin: () => loginDialog.send({ type: 'login.open' }),
            warn: (_, { notice }) => runtime.toasts.show('warning', MESSAGES[notice]),
          },
        }),
      ).start(),
    }))
    for (const step of steps) story.machines.sessionExpiry.send(step)
    return story
  })
  return (
    <StoryRuntime app={app}>
      <MachinePlayground actor={app.actors.sessionExpiry} events={EVENTS}>
        <SessionExpiryHost />
        <LoginDialogHost />
        <ToastHost duration={STORY_TOAST_MS} />
      </MachinePlayground>
    </StoryRuntime>
  )
}

/**
 * What happens when the server says the session is gone (401, 402, 403): with a token, the 系统提示
 * dialog; without one, straight to the login dialog. Send session.error to see the prompt.
 */
const meta = {
  title: 'Machines/sessionExpiry',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: SessionExpiryChart,
  args: { steps: [] },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SessionExpiryChart>

export default meta
type Story = StoryObj<typeof meta>

export const Live: Story = {}

export const PromptingExpired: Story = { args: { steps: [expired] } }

export const PromptingElsewhere: Story = { args: { steps: [elsewhere] } }
