import {
  ApiError,
  pointsBalance,
  resolveImageUrl,
  updateUserDetails,
  userDetails,
  type UserInfo,
} from '@gy/api'
import {
  Avatar,
  BalanceCard,
  Button,
  EmptyState,
  formatChinaDate,
  PageContainer,
  SectionHeader,
  Spinner,
  TextField,
} from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { MOBILE_TEXT } from '../../strings.mobile'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ACCOUNT_STRINGS as TEXT, UX_TEXT } from '../../strings'
import * as styles from './AccountInfoPage.css'
import { AvatarChanger } from './AvatarChanger'

/** The logged-in user's account: who they are, and their nickname to change. */
export function AccountInfoPage() {
  const { api, session, toasts } = useRuntime()
  const load = useApiData(
    'account',
    () =>
      userDetails(api).then((user) => {
        session.updateUser(user)
        return user
      }),
    TEXT.loadFailed,
  )
  // null until the user types: the field shows the saved nickname until then.
  const [draftNickName, setDraftNickName] = useState<string | null>(null)
  const [savedUser, setSavedUser] = useState<UserInfo | null>(null)
  const [saving, setSaving] = useState(false)
  // What the server refused about the nickname, shown under the field until it changes.
  const [nickNameError, setNickNameError] = useState<string | undefined>()
  const balance = useApiData('account:balance', () => pointsBalance(api), UX_TEXT.pointsTitle)

  const nickName =
    draftNickName ?? savedUser?.nickName ?? (load.state === 'ready' ? load.data.nickName : '')

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault()
    setSaving(true)
    try {
      const user = await updateUserDetails(api, { nickName })
      setSavedUser(user)
      setDraftNickName(null)
      session.updateUser(user)
      toasts.show('success', TEXT.saved)
    } catch (error) {
      // A refused nickname is told under the field; session failures by the session dialog;
      // anything else (network, server) in a toast.
      if (error instanceof ApiError && error.kind === 'business') setNickNameError(error.message)
      else if (error instanceof ApiError && error.kind !== 'session')
        toasts.show('error', error.message)
    } finally {
      setSaving(false)
    }
  }

  if (load.state === 'loading') {
    return (
      <PageContainer>
        <div className={styles.loading} aria-busy="true">
          <Spinner size="lg" />
          <span>{TEXT.loading}</span>
        </div>
      </PageContainer>
    )
  }
  if (load.state === 'failed') {
    return (
      <PageContainer>
        <EmptyState
          title={TEXT.loadFailed}
          hint={load.message}
          action={<Button onClick={load.retry}>{TEXT.retry}</Button>}
        />
      </PageContainer>
    )
  }

  const user = savedUser ?? load.data
  const emptyNickName = draftNickName !== null && nickName.trim() === ''
  return (
    <PageContainer>
      <SectionHeader title={TEXT.title} />
      <div className={styles.layout}>
        <div className={styles.card}>
          <div className={styles.identity}>
            <Avatar src={resolveImageUrl(user.headerUrl)} name={user.nickName} size="xl" />
            <div>
              <p className={styles.name}>{user.nickName}</p>
              <p className={styles.muted}>
                {TEXT.userId} {user.userId}
              </p>
              <AvatarChanger
                onChanged={(changed) => {
                  setSavedUser(changed)
                  session.updateUser(changed)
                }}
              />
            </div>
          </div>
          <dl className={styles.facts}>
            <dt>{TEXT.mobile}</dt>
            <dd>{user.mobile.replace(/^86:/, '+86 ')}</dd>
            <dt>{TEXT.joinedAt}</dt>
            <dd>{formatChinaDate(new Date(user.createdAt))}</dd>
          </dl>
          <form className={styles.form} onSubmit={(event) => void save(event)}>
            <TextField
              label={TEXT.nickName}
              value={nickName}
              onValueChange={(value) => {
                setNickNameError(undefined)
                setDraftNickName(value)
              }}
              maxLength={20}
              hint={TEXT.nickNameHint}
              error={emptyNickName ? UX_TEXT.nickNameRequired : nickNameError}
            />
            <Button
              type="submit"
              loading={saving}
              disabled={nickName.trim() === '' || nickName === user.nickName}
            >
              {TEXT.save}
            </Button>
          </form>
        </div>
        <BalanceCard
          className={styles.points}
          title={UX_TEXT.pointsTitle}
          points={balance.state === 'ready' ? balance.data.points : 0}
          loading={balance.state === 'loading'}
          rateText={balance.state === 'failed' ? balance.message : UX_TEXT.pointsHint}
          action={
            <div className={styles.pointsActions}>
              <Button asChild>
                <Link to="/buyPoints">{UX_TEXT.buyPoints}</Link>
              </Button>
              <Button variant="secondary" asChild>
                <Link to="/pointsRecords">{UX_TEXT.pointsRecords}</Link>
              </Button>
            </div>
          }
        />
      </div>
      {/* Account cancellation lives with its notice (mobile branch). */}
      <p className={styles.cancellation}>
        {MOBILE_TEXT.cancellation.fromAccountHint}
        <Link to="/userlogout">{MOBILE_TEXT.cancellation.fromAccount}</Link>
      </p>
    </PageContainer>
  )
}
