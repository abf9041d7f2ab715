import { LoadingMask, LoginDialog } from '@gy/design-system'
import {
  isSmsButtonBusy,
  selectIsLoggingIn,
  selectIsLoginOpen,
  selectSmsButtonPhase,
  selectSmsSecondsLeft,
  type SmsButtonPhase,
} from '@gy/machines'
import { useSelector } from '@xstate/react'
import { useRuntime } from '../providers/runtime'
import { STRINGS } from '../strings'
import { renderLink } from './renderLink'

/** The SMS button's words for the countdown machine's phase. */
function smsButtonLabel(phase: SmsButtonPhase, secondsLeft: number): string {
  if (phase === 'sending') return STRINGS.login.sendingCode
  if (phase === 'counting') return STRINGS.login.resendIn(secondsLeft)
  return STRINGS.login.getCode
}

/** Binds the login dialog and SMS countdown machines to the login dialog view. */
export function LoginDialogHost() {
  const { loginDialog, smsCountdown } = useRuntime()
  const open = useSelector(loginDialog, selectIsLoginOpen)
  const submitting = useSelector(loginDialog, selectIsLoggingIn)
  const phone = useSelector(loginDialog, (snapshot) => snapshot.context.phone)
  const smsCode = useSelector(loginDialog, (snapshot) => snapshot.context.smsCode)
  const smsPhase = useSelector(smsCountdown, selectSmsButtonPhase)
  const smsSecondsLeft = useSelector(smsCountdown, selectSmsSecondsLeft)
  const smsBusy = useSelector(smsCountdown, isSmsButtonBusy)

  return (
    <>
      <LoginDialog
        open={open}
        onOpenChange={(next) => loginDialog.send({ type: next ? 'login.open' : 'login.close' })}
        phone={phone}
        onPhoneChange={(value) => loginDialog.send({ type: 'login.phone.change', value })}
        smsCode={smsCode}
        onSmsCodeChange={(value) => loginDialog.send({ type: 'login.code.change', value })}
        smsLabel={smsButtonLabel(smsPhase, smsSecondsLeft)}
        smsDisabled={smsBusy}
        onSendSms={() => smsCountdown.send({ type: 'sms.send', phone })}
        onSubmit={() => loginDialog.send({ type: 'login.submit' })}
        submitting={submitting}
        renderLink={renderLink}
        userAgreementHref="/gyServe"
        privacyPolicyHref="/gyPrivacy"
      />
      <LoadingMask open={submitting} text={STRINGS.login.loggingIn} />
    </>
  )
}
