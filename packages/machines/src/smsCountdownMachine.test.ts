import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, waitFor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import {
  isSmsButtonBusy,
  selectSmsButtonPhase,
  selectSmsSecondsLeft,
  smsCountdownMachine,
} from './smsCountdownMachine'
import type {
  SmsErrorParams,
  SmsNoticeParams,
  SendCodeInput,
  SmsCountdownEvent,
} from './smsCountdownMachine'
import {
  type Effect,
  createControlledPromise,
  createEffectLog,
  createRecorder,
  everyTransition,
  replaySteps,
  toTestModelMachine,
} from './testSupport'

type Step = { event: { type: string } }

function buttonOf(snapshot: Parameters<typeof selectSmsButtonPhase>[0]): string {
  const phase = selectSmsButtonPhase(snapshot)
  return phase === 'counting' ? `counting ${selectSmsSecondsLeft(snapshot)}` : phase
}

const PHONE = '13800138000'

function startSmsCountdown() {
  const clock = new SimulatedClock()
  const effects = createEffectLog()
  const sendCode = createControlledPromise<SendCodeInput>({ log: effects, name: 'sendCode' })
  const warn = createRecorder<SmsNoticeParams>({ log: effects, name: 'warn' })
  const notifySuccess = createRecorder<SmsNoticeParams>({ log: effects, name: 'notifySuccess' })
  const reportError = createRecorder<SmsErrorParams>({ log: effects, name: 'reportError' })
  const actor = createActor(
    smsCountdownMachine.provide({
      actors: { sendCode: sendCode.logic },
      actions: {
        warn: warn.action,
        notifySuccess: notifySuccess.action,
        reportError: reportError.action,
      },
    }),
    { clock },
  ).start()
  // The button as the view sees it: its phase, and the seconds left while counting.
  const label = () => buttonOf(actor.getSnapshot())
  const advanceSeconds = (seconds: number) => {
    // One second at a time: each tick schedules the next one from the current time.
    for (let second = 0; second < seconds; second += 1) clock.increment(1000)
  }
  return {
    actor,
    clock,
    effects,
    sendCode,
    warn,
    notifySuccess,
    reportError,
    label,
    advanceSeconds,
  }
}

async function startCounting() {
  const sms = startSmsCountdown()
  sms.actor.send({ type: 'sms.send', phone: PHONE })
  sms.sendCode.resolve()
  await waitFor(sms.actor, (snapshot) => snapshot.matches('counting'))
  return sms
}

describe('smsCountdownMachine', () => {
  it('starts idle ready, with a free button', () => {
    const { actor, label } = startSmsCountdown()
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.remaining).toBe(0)
    expect(label()).toBe('ready')
    expect(isSmsButtonBusy(actor.getSnapshot())).toBe(false)
  })

  it.each(['', '   '])('warns phoneRequired and stays idle for the phone %j', (phone) => {
    const { actor, sendCode, warn } = startSmsCountdown()
    actor.send({ type: 'sms.send', phone })
    expect(warn.calls).toEqual([{ notice: 'phoneRequired' }])
    expect(sendCode.inputs).toEqual([])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('sends the code for the typed phone and shows sending meanwhile', () => {
    const { actor, sendCode, warn, label } = startSmsCountdown()
    actor.send({ type: 'sms.send', phone: PHONE })
    expect(actor.getSnapshot().value).toBe('sending')
    expect(sendCode.inputs).toEqual([{ phone: PHONE }])
    expect(warn.calls).toEqual([])
    expect(label()).toBe('sending')
    expect(isSmsButtonBusy(actor.getSnapshot())).toBe(true)
  })

  it('ignores sms.send while sending', async () => {
    const { actor, sendCode, notifySuccess } = startSmsCountdown()
    actor.send({ type: 'sms.send', phone: PHONE })
    actor.send({ type: 'sms.send', phone: PHONE })
    actor.send({ type: 'sms.send', phone: '' })
    expect(sendCode.inputs).toHaveLength(1)
    sendCode.resolve()
    await waitFor(actor, (snapshot) => snapshot.matches('counting'))
    expect(notifySuccess.calls).toHaveLength(1)
  })

  it('announces smsSent and counts down 60 seconds after a successful send', async () => {
    const { actor, notifySuccess, reportError, label, advanceSeconds } = await startCounting()
    expect(notifySuccess.calls).toEqual([{ notice: 'smsSent' }])
    expect(reportError.calls).toEqual([])

    // 0 s
    expect(label()).toBe('counting 60')
    expect(isSmsButtonBusy(actor.getSnapshot())).toBe(true)
    // 1 s
    advanceSeconds(1)
    expect(label()).toBe('counting 59')
    // 59 s
    advanceSeconds(58)
    expect(label()).toBe('counting 1')
    expect(actor.getSnapshot().value).toBe('counting')
    // 60 s
    advanceSeconds(1)
    expect(label()).toBe('ready')
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.remaining).toBe(0)
    expect(isSmsButtonBusy(actor.getSnapshot())).toBe(false)
  })

  it('does not tick before a full second has passed', async () => {
    const { clock, label } = await startCounting()
    clock.increment(999)
    expect(label()).toBe('counting 60')
    clock.increment(1)
    expect(label()).toBe('counting 59')
  })

  it('ignores sms.send while counting and accepts it again once idle', async () => {
    const { actor, sendCode, advanceSeconds } = await startCounting()
    advanceSeconds(30)
    actor.send({ type: 'sms.send', phone: PHONE })
    expect(sendCode.inputs).toHaveLength(1)
    expect(buttonOf(actor.getSnapshot())).toBe('counting 30')

    advanceSeconds(30)
    actor.send({ type: 'sms.send', phone: '13900139000' })
    expect(actor.getSnapshot().value).toBe('sending')
    expect(sendCode.inputs).toEqual([{ phone: PHONE }, { phone: '13900139000' }])
  })

  it('reports a failed send with the error itself and returns to idle', async () => {
    const { actor, sendCode, notifySuccess, reportError, label } = startSmsCountdown()
    const failure = new Error('network down')
    actor.send({ type: 'sms.send', phone: PHONE })
    sendCode.reject(failure)
    await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(reportError.calls).toHaveLength(1)
    expect(reportError.calls[0]?.error).toBe(failure)
    expect(notifySuccess.calls).toEqual([])
    expect(label()).toBe('ready')

    // Failure unlocks the button at once: no countdown.
    actor.send({ type: 'sms.send', phone: PHONE })
    expect(sendCode.inputs).toHaveLength(2)
  })

  it('runs with its harmless defaults: the default sendCode succeeds and nothing else happens', async () => {
    const actor = createActor(smsCountdownMachine, { clock: new SimulatedClock() }).start()
    actor.send({ type: 'sms.send', phone: PHONE })
    await waitFor(actor, (snapshot) => snapshot.matches('counting'))
    expect(actor.getSnapshot().context.remaining).toBe(60)
    actor.stop()
  })
})

describe('smsCountdownMachine paths', () => {
  const model = createTestModel(toTestModelMachine(smsCountdownMachine), {
    events: [
      { type: 'sms.send', phone: '' },
      { type: 'sms.send', phone: PHONE },
    ],
  })
  const paths = model.getShortestPaths()
  const transitions = everyTransition(model)

  it('visits every state, every second of the countdown included', () => {
    const visited = paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)])
    expect(new Set(visited.map((state) => state.value))).toEqual(
      new Set(['idle', 'sending', 'counting']),
    )
    const secondsShown = new Set(
      visited.filter((state) => state.matches('counting')).map((state) => state.context.remaining),
    )
    expect(secondsShown.size).toBe(60)
  })

  const FAILURE = new Error('send failed')

  /** What a step must do, from whether the button was free: written from the spec. */
  function expectedEffects(buttonWasFree: boolean, event: SmsCountdownEvent | Step['event']) {
    const effects: Effect[] = []
    if (event.type === 'sms.send' && buttonWasFree && 'phone' in event) {
      effects.push(
        event.phone.trim() === ''
          ? { name: 'warn', params: { notice: 'phoneRequired' } }
          : { name: 'sendCode', params: { phone: event.phone } },
      )
    }
    if (event.type === 'xstate.done.actor.sendCode') {
      effects.push({ name: 'notifySuccess', params: { notice: 'smsSent' } })
    }
    if (event.type === 'xstate.error.actor.sendCode') {
      effects.push({ name: 'reportError', params: { error: FAILURE } })
    }
    return effects
  }

  /**
   * What the button shows after a step, from what it showed before: written from the spec
   * (获取验证码 → 发送中… → 重新发送(60) … 重新发送(1) → 获取验证码), as phase and seconds.
   */
  function expectedButton(before: string, event: SmsCountdownEvent | Step['event']): string {
    if (before === 'ready') {
      return event.type === 'sms.send' && 'phone' in event && event.phone.trim() !== ''
        ? 'sending'
        : 'ready'
    }
    if (before === 'sending') {
      if (event.type === 'xstate.done.actor.sendCode') return 'counting 60'
      if (event.type === 'xstate.error.actor.sendCode') return 'ready'
      return 'sending'
    }
    const secondsLeft = Number(before.replace('counting ', ''))
    if (event.type === 'xstate.after.oneSecond.smsCountdown.counting') {
      return secondsLeft > 1 ? `counting ${secondsLeft - 1}` : 'ready'
    }
    return before
  }

  it.each(transitions.map((transition) => [transition.description, transition] as const))(
    '%s',
    async (_, transition) => {
      const sms = startSmsCountdown()
      /** Runs a step and checks the effects it had against those the spec asks for. */
      const checked =
        (run: (event: SmsCountdownEvent) => void | Promise<void>) =>
        async ({ event }: Step) => {
          const buttonWasFree = !isSmsButtonBusy(sms.actor.getSnapshot())
          const buttonBefore = sms.label()
          // xstate/graph types a step's event as `{ type }`; at run time it is the full event.
          await run(event as SmsCountdownEvent)
          expect(sms.effects.takeNew()).toEqual(expectedEffects(buttonWasFree, event))
          expect(sms.label()).toBe(expectedButton(buttonBefore, event))
          expect(isSmsButtonBusy(sms.actor.getSnapshot())).toBe(sms.label() !== 'ready')
        }
      const executors = {
        'sms.send': checked((event) => {
          sms.actor.send(event)
        }),
        'xstate.done.actor.sendCode': checked(async () => {
          sms.sendCode.resolve()
          await waitFor(sms.actor, (snapshot) => !snapshot.matches('sending'))
        }),
        'xstate.error.actor.sendCode': checked(async () => {
          sms.sendCode.reject(FAILURE)
          await waitFor(sms.actor, (snapshot) => !snapshot.matches('sending'))
        }),
        'xstate.after.oneSecond.smsCountdown.counting': checked(() => {
          sms.advanceSeconds(1)
        }),
      }
      await replaySteps(transition.steps, executors, (expected) => {
        expect(sms.actor.getSnapshot().value).toEqual(expected.value)
        expect(sms.actor.getSnapshot().context).toEqual(expected.context)
      })
    },
  )
})
