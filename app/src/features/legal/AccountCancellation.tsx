import { cancelAccount, ApiError } from '@gy/api'
import { Button, ConfirmDialog, TextField } from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { useRuntime, useSession } from '../../providers/runtime'
import { MOBILE_TEXT } from '../../strings.mobile'
import * as styles from './LegalPage.css'

const TEXT = MOBILE_TEXT.cancellation

/**
 * The cancellation form under the notice of /userlogout: the user types 确认注销, confirms once
 * more, and the server anonymises the account in one transaction; then this browser forgets the
 * login and goes home. A visitor is asked to log in first.
 */
export function AccountCancellation({ homePath }: { homePath: string }) {
  const { api, session, toasts, openLogin } = useRuntime()
  const { userInfo } = useSession()
  const navigate = useNavigate()
  const [phrase, setPhrase] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const [confirming, setConfirming] = useState(false)
  const [working, setWorking] = useState(false)

  if (userInfo === null) {
    return (
      <section className={styles.cancellation} aria-labelledby="cancellation-title">
        <h2 id="cancellation-title" className={styles.sectionHeading}>
          {TEXT.title}
        </h2>
        <p className={styles.paragraph}>{TEXT.loginFirst}</p>
        <div>
          <Button onClick={openLogin}>{TEXT.login}</Button>
        </div>
      </section>
    )
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (phrase.trim() !== TEXT.phrase) return setError(TEXT.phraseMismatch)
    setConfirming(true)
  }

  async function cancel(): Promise<void> {
    setWorking(true)
    try {
      await cancelAccount(api, phrase.trim())
      setConfirming(false)
      session.logOut()
      toasts.show('success', TEXT.done)
      void navigate(homePath, { replace: true })
    } catch (failure) {
      setConfirming(false)
      // 401 and 402 are the session machine's to tell; the others are said here.
      if (failure instanceof ApiError) setError(failure.message)
    } finally {
      setWorking(false)
    }
  }

  return (
    <section className={styles.cancellation} aria-labelledby="cancellation-title">
      <h2 id="cancellation-title" className={styles.sectionHeading}>
        {TEXT.title}
      </h2>
      <p className={styles.paragraph}>
        {TEXT.accountLine(userInfo.nickName, userInfo.mobile.replace(/^\d+:/, ''))}
      </p>
      <form className={styles.cancellationForm} onSubmit={submit} noValidate>
        <TextField
          label={TEXT.phraseLabel}
          name="cancellationPhrase"
          placeholder={TEXT.phrasePlaceholder}
          autoComplete="off"
          value={phrase}
          onValueChange={(value) => {
            setPhrase(value)
            setError(undefined)
          }}
          error={error}
        />
        <Button type="submit">{TEXT.submit}</Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={TEXT.confirmTitle}
        message={TEXT.confirmText}
        confirmLabel={TEXT.confirm}
        cancelLabel={TEXT.cancel}
        confirming={working}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
