import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import {
  LOGIN_NOT_PROVIDED,
  createLoginDialogMachine,
  keepDigits,
  loginDialogMachine,
  selectIsLoggingIn,
  selectIsLoginOpen,
} from './loginDialogMachine'
import type {
  LoggedInParams,
  LoginCredentials,
  LoginDialogEvent,
  LoginErrorParams,
  LoginWarningParams,
} from './loginDialogMachine'
import {
  type Effect,
  createControlledPromise,
  createEffectLog,
  createRecorder,
  everyTransition,
  replaySteps,
  toTestModelMachine,
} from './testSupport'

/** Stands in for the API's login data, which this package may not import. */
interface LoginResult {
  accessToken: string
}

const PHONE = '13800138000'
const CODE = '123456'
const LOGIN_RESULT: LoginResult = { accessToken: 'token-1' }

function startLoginDialog() {
  const effects = createEffectLog()
  const logIn = createControlledPromise<LoginCredentials, LoginResult>({
    log: effects,
    name: 'logIn',
  })
  const warn = createRecorder<LoginWarningParams>({ log: effects, name: 'warn' })
  const notifyLoggedIn = createRecorder<LoggedInParams<LoginResult>>({
    log: effects,
    name: 'notifyLoggedIn',
  })
  const reportLoginError = createRecorder<LoginErrorParams>({
    log: effects,
    name: 'reportLoginError',
  })
  const actor = createActor(
    createLoginDialogMachine<LoginResult>().provide({
      actors: { logIn: logIn.logic },
      actions: {
        warn: warn.action,
        notifyLoggedIn: notifyLoggedIn.action,
        reportLoginError: reportLoginError.action,
      },
    }),
  ).start()
  const fillIn = (phone: string, smsCode: string) => {
    actor.send({ type: 'login.phone.change', value: phone })
    actor.send({ type: 'login.code.change', value: smsCode })
  }
  return { actor, effects, logIn, warn, notifyLoggedIn, reportLoginError, fillIn }
}

function startSubmitting() {
  const dialog = startLoginDialog()
  dialog.actor.send({ type: 'login.open' })
  dialog.fillIn(PHONE, CODE)
  dialog.actor.send({ type: 'login.submit' })
  return dialog
}

describe('keepDigits', () => {
  it('keeps only digits and cuts to the limit', () => {
    expect(keepDigits('138 0013-8000', 11)).toBe('13800138000')
    expect(keepDigits('+86 138 0013 8000 99', 11)).toBe('86138001380')
    expect(keepDigits('１２3a４5６7', 6)).toBe('123456')
    expect(keepDigits('验证码', 6)).toBe('')
  })
})

describe('loginDialogMachine', () => {
  it('starts closed with an empty form', () => {
    const { actor } = startLoginDialog()
    expect(actor.getSnapshot().value).toBe('closed')
    expect(actor.getSnapshot().context).toEqual({ phone: '', smsCode: '' })
    expect(selectIsLoginOpen(actor.getSnapshot())).toBe(false)
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(false)
  })

  it('opens into editing and closes again', () => {
    const { actor } = startLoginDialog()
    actor.send({ type: 'login.open' })
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' })
    expect(selectIsLoginOpen(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'login.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('keeps the form when closed while editing, so reopening shows what was typed', () => {
    const { actor, fillIn } = startLoginDialog()
    actor.send({ type: 'login.open' })
    fillIn(PHONE, CODE)
    actor.send({ type: 'login.close' })
    actor.send({ type: 'login.open' })
    expect(actor.getSnapshot().context).toEqual({ phone: PHONE, smsCode: CODE })
  })

  it('keeps digits only, at most 11 for the phone and 6 for the code', () => {
    const { actor, fillIn } = startLoginDialog()
    actor.send({ type: 'login.open' })
    fillIn('138-0013-8000-123', 'a1b2c3d4e5f6g7')
    expect(actor.getSnapshot().context).toEqual({ phone: PHONE, smsCode: CODE })
  })

  it('ignores typing while closed', () => {
    const { actor, fillIn } = startLoginDialog()
    fillIn(PHONE, CODE)
    expect(actor.getSnapshot().context).toEqual({ phone: '', smsCode: '' })
  })

  it('warns phoneRequired on submit with an empty phone and stays editing', () => {
    const { actor, fillIn, warn, logIn } = startLoginDialog()
    actor.send({ type: 'login.open' })
    fillIn('', CODE)
    actor.send({ type: 'login.submit' })
    expect(warn.calls).toEqual([{ notice: 'phoneRequired' }])
    expect(logIn.inputs).toEqual([])
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' })
  })

  it('checks the phone before the code: both empty warns about the phone only', () => {
    const { actor, warn } = startLoginDialog()
    actor.send({ type: 'login.open' })
    actor.send({ type: 'login.submit' })
    expect(warn.calls).toEqual([{ notice: 'phoneRequired' }])
  })

  it('warns smsCodeRequired on submit with an empty code and stays editing', () => {
    const { actor, fillIn, warn, logIn } = startLoginDialog()
    actor.send({ type: 'login.open' })
    fillIn(PHONE, '')
    actor.send({ type: 'login.submit' })
    expect(warn.calls).toEqual([{ notice: 'smsCodeRequired' }])
    expect(logIn.inputs).toEqual([])
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' })
  })

  it('submits the typed phone and code and shows the 登录中 mask while pending', () => {
    const { actor, logIn, warn } = startSubmitting()
    expect(actor.getSnapshot().value).toEqual({ open: 'submitting' })
    expect(logIn.inputs).toEqual([{ phone: PHONE, smsCode: CODE }])
    expect(warn.calls).toEqual([])
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(true)
    expect(selectIsLoginOpen(actor.getSnapshot())).toBe(true)
  })

  it('locks against double submission while pending', () => {
    const { actor, logIn } = startSubmitting()
    actor.send({ type: 'login.submit' })
    actor.send({ type: 'login.submit' })
    expect(logIn.inputs).toHaveLength(1)
    expect(actor.getSnapshot().value).toEqual({ open: 'submitting' })
  })

  it('freezes the form while pending, so the request matches what the user sees', () => {
    const { actor } = startSubmitting()
    actor.send({ type: 'login.phone.change', value: '13900139000' })
    actor.send({ type: 'login.code.change', value: '654321' })
    expect(actor.getSnapshot().context).toEqual({ phone: PHONE, smsCode: CODE })
  })

  it('on success hands over the result, clears the form and closes', async () => {
    const { actor, logIn, notifyLoggedIn, reportLoginError } = startSubmitting()
    logIn.resolve(LOGIN_RESULT)
    await waitFor(actor, (snapshot) => snapshot.matches('closed'))
    expect(notifyLoggedIn.calls).toEqual([{ output: LOGIN_RESULT }])
    expect(reportLoginError.calls).toEqual([])
    expect(actor.getSnapshot().context).toEqual({ phone: '', smsCode: '' })
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(false)
  })

  it('on failure reports the error and unlocks the form as typed', async () => {
    const { actor, logIn, notifyLoggedIn, reportLoginError } = startSubmitting()
    const failure = new Error('验证码错误')
    logIn.reject(failure)
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'editing' }))
    // The error alone: the view shows its message, or the spec's loginFailed text.
    expect(reportLoginError.calls).toEqual([{ error: failure }])
    expect(reportLoginError.calls[0]?.error).toBe(failure)
    expect(notifyLoggedIn.calls).toEqual([])
    expect(actor.getSnapshot().context).toEqual({ phone: PHONE, smsCode: CODE })
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(false)

    // Unlocked: a second attempt goes out.
    actor.send({ type: 'login.submit' })
    expect(logIn.inputs).toHaveLength(2)
  })

  it('ignores closing while pending and still delivers a success', async () => {
    const { actor, logIn, notifyLoggedIn } = startSubmitting()
    actor.send({ type: 'login.close' })
    expect(actor.getSnapshot().value).toEqual({ open: 'submitting' })
    logIn.resolve(LOGIN_RESULT)
    await waitFor(actor, (snapshot) => snapshot.matches('closed'))
    expect(notifyLoggedIn.calls).toEqual([{ output: LOGIN_RESULT }])
  })

  it('ignores closing while pending and still shows a failure next to the form', async () => {
    const { actor, logIn, reportLoginError } = startSubmitting()
    actor.send({ type: 'login.close' })
    logIn.reject(new Error('timeout'))
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'editing' }))
    expect(reportLoginError.calls).toHaveLength(1)
    actor.send({ type: 'login.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('ignores login.open while already open (the route guard may ask again)', () => {
    const { actor, logIn } = startSubmitting()
    actor.send({ type: 'login.open' })
    expect(actor.getSnapshot().value).toEqual({ open: 'submitting' })
    expect(logIn.inputs).toHaveLength(1)
  })

  it('by default fails to log in rather than pretending, and unlocks', async () => {
    const reportLoginError = createRecorder<LoginErrorParams>()
    const actor = createActor(
      loginDialogMachine.provide({ actions: { reportLoginError: reportLoginError.action } }),
    ).start()
    actor.send({ type: 'login.open' })
    actor.send({ type: 'login.phone.change', value: PHONE })
    actor.send({ type: 'login.code.change', value: CODE })
    actor.send({ type: 'login.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'editing' }))
    expect(reportLoginError.calls[0]?.error).toEqual(new Error(LOGIN_NOT_PROVIDED))
  })
})

describe('loginDialogMachine paths', () => {
  const model = createTestModel(toTestModelMachine(loginDialogMachine), {
    events: [
      { type: 'login.phone.change', value: '138 0013 8000 77' },
      { type: 'login.phone.change', value: '' },
      { type: 'login.code.change', value: '1234567' },
      { type: 'login.code.change', value: '' },
    ],
  })
  const paths = model.getShortestPaths()
  const transitions = everyTransition(model)

  it('visits every state', () => {
    const visited = paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)])
    expect(new Set(visited.map((state) => JSON.stringify(state.value)))).toEqual(
      new Set(['"closed"', '{"open":"editing"}', '{"open":"submitting"}']),
    )
  })

  const FAILURE = new Error('login failed')

  /**
   * What a step must do, from the state it starts in: written from the spec (the warnings, the
   * request, the announcements), not read from the chart.
   */
  function expectedEffects(
    before: { open: boolean; submitting: boolean; phone: string; smsCode: string },
    eventType: string,
  ): Effect[] {
    if (eventType === 'login.submit' && before.open && !before.submitting) {
      if (before.phone === '') return [{ name: 'warn', params: { notice: 'phoneRequired' } }]
      if (before.smsCode === '') return [{ name: 'warn', params: { notice: 'smsCodeRequired' } }]
      return [{ name: 'logIn', params: { phone: before.phone, smsCode: before.smsCode } }]
    }
    if (eventType === 'xstate.done.actor.logIn') {
      return [{ name: 'notifyLoggedIn', params: { output: LOGIN_RESULT } }]
    }
    if (eventType === 'xstate.error.actor.logIn') {
      return [
        {
          name: 'reportLoginError',
          params: { error: FAILURE },
        },
      ]
    }
    return []
  }

  it.each(transitions.map((transition) => [transition.description, transition] as const))(
    '%s',
    async (_, transition) => {
      const dialog = startLoginDialog()
      /** Runs a step and checks the effects it had against those the spec asks for. */
      const checked =
        (run: (event: LoginDialogEvent) => void | Promise<void>) =>
        async ({ event }: { event: { type: string } }) => {
          const snapshot = dialog.actor.getSnapshot()
          const before = {
            open: selectIsLoginOpen(snapshot),
            submitting: selectIsLoggingIn(snapshot),
            ...snapshot.context,
          }
          // xstate/graph types a step's event as `{ type }`; at run time it is the full event.
          await run(event as LoginDialogEvent)
          expect(dialog.effects.takeNew()).toEqual(expectedEffects(before, event.type))
        }
      const sendStepEvent = checked((event) => {
        dialog.actor.send(event)
      })
      const executors = {
        'login.open': sendStepEvent,
        'login.close': sendStepEvent,
        'login.phone.change': sendStepEvent,
        'login.code.change': sendStepEvent,
        'login.submit': sendStepEvent,
        'xstate.done.actor.logIn': checked(async () => {
          dialog.logIn.resolve(LOGIN_RESULT)
          await waitFor(dialog.actor, (snapshot) => !selectIsLoggingIn(snapshot))
        }),
        'xstate.error.actor.logIn': checked(async () => {
          dialog.logIn.reject(FAILURE)
          await waitFor(dialog.actor, (snapshot) => !selectIsLoggingIn(snapshot))
        }),
      }
      await replaySteps(transition.steps, executors, (expected) => {
        expect(dialog.actor.getSnapshot().value).toEqual(expected.value)
        expect(dialog.actor.getSnapshot().context).toEqual(expected.context)
      })
    },
  )
})
