import { type FormEvent, useRef } from 'react'
import { mainlandPhoneInput, digitsOnly } from '../../filters'
import type { RenderLink } from '../../links'
import { strings } from '../../strings'
import { Button } from '../Button/Button'
import * as BottomSheet from '../BottomSheet/BottomSheet'
import * as Dialog from '../Dialog/Dialog'
import { LogoMark } from '../private/icons'
import { TextField } from '../TextField/TextField'
import * as styles from './LoginDialog.css'

/** SPEC.md section 9: the field limits of the login form. */
export const LOGIN_PHONE_MAX_LENGTH = 11
export const LOGIN_SMS_CODE_MAX_LENGTH = 6

const EQUALISER_BAR_COUNT = 14

/** `dialog`: centred, with the brand art (desktop); `sheet`: the form alone, rising from below (mobile). */
export const loginPresentations = ['dialog', 'sheet'] as const
export type LoginPresentation = (typeof loginPresentations)[number]

export interface LoginDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  phone: string
  onPhoneChange: (phone: string) => void
  smsCode: string
  onSmsCodeChange: (smsCode: string) => void
  /** Shown under the phone field (e.g. 请输入手机号码). */
  phoneError?: string
  /** Shown under the code field (e.g. 验证码不能为空). */
  smsCodeError?: string
  /** The SMS button's label, e.g. 获取验证码 or 重新发送(58); it comes from the countdown machine. */
  smsLabel?: string
  smsDisabled?: boolean
  onSendSms: () => void
  /** Called by the 登录 button and by Enter in either field, never while `submitting`. */
  onSubmit: () => void
  submitting?: boolean
  renderLink: RenderLink
  /** The 《用户协议》 page; without it the name is shown as plain text. */
  userAgreementHref?: string
  /** The 《隐私政策》 page; without it the name is shown as plain text. */
  privacyPolicyHref?: string
  presentation?: LoginPresentation
  /**
   * Where the focus goes on closing when what had it before is gone: after a login from the
   * header, the 登录 button has become the user's menu.
   */
  returnFocusFallback?: () => HTMLElement | null
}

/**
 * The spec's login dialog: 1100px wide, brand art on the left and the phone + SMS code form on the
 * right. A view only: the login machine owns the values, the countdown and the submit lock.
 */
/** How long after the dialog closes a focus that fell to the page is sent to the fallback. */
const FOCUS_WATCH_MS = 3000

/**
 * After a login the header swaps its 登录 button for the user's menu when the user's details
 * arrive, which can be after the dialog has closed: the focus given back to the button then falls
 * to the page's start. For a few seconds, a focus that falls to the body goes to the fallback;
 * the watch ends as soon as the focus is somewhere else.
 */
function keepFocusAfterClose(fallback: () => HTMLElement | null): void {
  const given = document.activeElement
  const until = performance.now() + FOCUS_WATCH_MS
  const check = (): void => {
    const active = document.activeElement
    if (active === null || active === document.body) {
      const next = fallback()
      if (next) return next.focus()
    } else if (active !== given) {
      return
    }
    if (performance.now() < until) requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

export function LoginDialog({
  open,
  onOpenChange,
  phone,
  onPhoneChange,
  smsCode,
  onSmsCodeChange,
  phoneError,
  smsCodeError,
  smsLabel = strings.getSmsCode,
  smsDisabled = false,
  onSendSms,
  onSubmit,
  submitting = false,
  renderLink,
  userAgreementHref,
  privacyPolicyHref,
  presentation = 'dialog',
  returnFocusFallback,
}: LoginDialogProps) {
  // Radix gives the focus back to a Dialog.Trigger; this dialog is opened by the login machine
  // from anywhere (the header, a vote, the lyric button), so it remembers what had the focus.
  const opener = useRef<HTMLElement | null>(null)
  const focusHandlers = {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault()
      const target = opener.current?.isConnected ? opener.current : returnFocusFallback?.()
      target?.focus()
      opener.current = null
      if (returnFocusFallback) keepFocusAfterClose(returnFocusFallback)
    },
  }
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!submitting) onSubmit()
  }

  const agreementLink = (key: string, label: string, href: string | undefined) => (
    <span className={styles.agreementLink}>
      {href ? renderLink({ key, label, href }, label) : label}
    </span>
  )

  const sheet = presentation === 'sheet'
  const body = (
    <div className={sheet ? undefined : styles.layout}>
      {!sheet && (
        <div className={styles.art} aria-hidden="true">
          <span className={styles.artBrand}>
            <LogoMark className={styles.artMark} />
            {strings.brandName}
          </span>
          <span className={styles.record} />
          <div className={styles.artCopy}>
            <div className={styles.bars}>
              {Array.from({ length: EQUALISER_BAR_COUNT }, (_, index) => (
                <span key={index} className={styles.bar} />
              ))}
            </div>
            <p className={styles.tagline}>{strings.tagline}</p>
            <p className={styles.artCaption}>{strings.brandArtCaption}</p>
          </div>
        </div>
      )}

      <div className={sheet ? styles.sheetPanel : styles.formPanel}>
        <div className={styles.heading}>
          <Dialog.Title className={styles.title}>{strings.loginTitle}</Dialog.Title>
          <Dialog.Description>{strings.loginSubtitle}</Dialog.Description>
        </div>

        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          <TextField
            label={strings.phoneLabel}
            hideLabel
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={strings.phonePlaceholder}
            prefix={strings.phonePrefix}
            size="lg"
            filter={mainlandPhoneInput}
            maxLength={LOGIN_PHONE_MAX_LENGTH}
            value={phone}
            onValueChange={onPhoneChange}
            error={phoneError}
          />
          <TextField
            label={strings.smsCodeLabel}
            hideLabel
            name="smsCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={strings.smsCodePlaceholder}
            size="lg"
            filter={digitsOnly}
            maxLength={LOGIN_SMS_CODE_MAX_LENGTH}
            value={smsCode}
            onValueChange={onSmsCodeChange}
            error={smsCodeError}
            suffix={
              <Button
                variant="text"
                size="md"
                className={styles.smsButton}
                disabled={smsDisabled}
                onClick={onSendSms}
              >
                {smsLabel}
              </Button>
            }
          />
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={submitting}
            loadingLabel={strings.loggingIn}
          >
            {strings.login}
          </Button>
        </form>

        <p className={styles.agreement}>
          {strings.agreementPrefix}
          {agreementLink('userAgreement', strings.userAgreement, userAgreementHref)}
          {strings.agreementJoiner}
          {agreementLink('privacyPolicy', strings.privacyPolicy, privacyPolicyHref)}
        </p>
      </div>
    </div>
  )

  return sheet ? (
    <BottomSheet.Root open={open} onOpenChange={onOpenChange}>
      <BottomSheet.Content {...focusHandlers}>{body}</BottomSheet.Content>
    </BottomSheet.Root>
  ) : (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content size="login" {...focusHandlers}>
        {body}
      </Dialog.Content>
    </Dialog.Root>
  )
}
LoginDialog.displayName = 'LoginDialog'
