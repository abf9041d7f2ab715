import { MESSAGES } from '@gy/api'
import { LoadingMask, LoginDialog, type LoginPresentation } from '@gy/design-system'
import {
  isSmsButtonBusy,
  selectIsLoggingIn,
  selectIsLoginOpen,
  selectSmsButtonPhase,
  selectSmsSecondsLeft,
  type SmsButtonPhase,
} from '@gy/machines'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { useMachines } from '../providers/runtime'
import { STRINGS } from '../strings'
import { renderLink } from './renderLink'

/** The SMS button's words for the countdown machine's phase. */
function smsButtonLabel(phase: SmsButtonPhase, secondsLeft: number): string {
  if (phase === 'sending') return STRINGS.login.sendingCode
  if (phase === 'counting') return STRINGS.login.resendIn(secondsLeft)
  return STRINGS.login.getCode
}

/** The header's user menu, which replaces the 登录 button once logged in. */
function focusAfterLogin(): HTMLElement | null {
  return document.querySelector<HTMLElement>('header [aria-haspopup="menu"]')
}

/** Binds the login dialog and SMS countdown machines to the login dialog view. */
export function LoginDialogHost({ presentation = 'dialog' }: { presentation?: LoginPresentation }) {
  const { loginDialog, smsCountdown } = useMachines()
  const open = useSelector(loginDialog, selectIsLoginOpen)
  const submitting = useSelector(loginDialog, selectIsLoggingIn)
  const phone = useSelector(loginDialog, (snapshot) => snapshot.context.phone)
  const smsCode = useSelector(loginDialog, (snapshot) => snapshot.context.smsCode)
  const smsPhase = useSelector(smsCountdown, selectSmsButtonPhase)
  const smsSecondsLeft = useSelector(smsCountdown, selectSmsSecondsLeft)
  const smsBusy = useSelector(smsCountdown, isSmsButtonBusy)
  // A missing field is told under the field itself, not in a toast; the machines keep their own
  // guards as a last line, but the dialog never sends them an empty field.
  const [errors, setErrors] = useState<{ phone?: string; smsCode?: string }>({})

  function sendSms(): void {
    if (phone === '') return setErrors({ phone: MESSAGES.phoneRequired })
    smsCountdown.send({ type: 'sms.send', phone })
  }

  function submit(): void {
    if (phone === '') return setErrors({ phone: MESSAGES.phoneRequired })
    if (smsCode === '') return setErrors({ smsCode: MESSAGES.smsCodeRequired })
    loginDialog.send({ type: 'login.submit' })
  }

  return (
    <>
      <LoginDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setErrors({})
          loginDialog.send({ type: next ? 'login.open' : 'login.close' })
        }}
        phone={phone}
        onPhoneChange={(value) => {
          setErrors(({ smsCode: codeError }) => ({ smsCode: codeError }))
          loginDialog.send({ type: 'login.phone.change', value })
        }}
        phoneError={errors.phone}
        smsCode={smsCode}
        onSmsCodeChange={(value) => {
          setErrors(({ phone: phoneError }) => ({ phone: phoneError }))
          loginDialog.send({ type: 'login.code.change', value })
        }}
        smsCodeError={errors.smsCode}
        smsLabel={smsButtonLabel(smsPhase, smsSecondsLeft)}
        smsDisabled={smsBusy}
        onSendSms={sendSms}
        onSubmit={submit}
        submitting={submitting}
        renderLink={renderLink}
        userAgreementHref={presentation === 'sheet' ? '/m/gyServe' : '/gyServe'}
        privacyPolicyHref={presentation === 'sheet' ? '/m/gyPrivacy' : '/gyPrivacy'}
        presentation={presentation}
        returnFocusFallback={focusAfterLogin}
      />
      <LoadingMask open={submitting} text={STRINGS.login.loggingIn} />
    </>
  )
}
