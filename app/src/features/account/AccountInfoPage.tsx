import { ApiError, resolveImageUrl, updateUserDetails, userDetails, type UserInfo } from '@gy/api'
import {
  Avatar,
  Button,
  EmptyState,
  PageContainer,
  SectionHeader,
  Spinner,
  TextField,
} from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ACCOUNT_STRINGS as TEXT } from '../../strings'
import * as styles from './AccountInfoPage.css'

const dateFormat = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'long' })

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
      // Session failures are shown by the session dialog; everything else here.
      if (error instanceof ApiError && error.kind !== 'session') toasts.show('error', error.message)
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
  return (
    <PageContainer>
      <SectionHeader title={TEXT.title} />
      <div className={styles.card}>
        <div className={styles.identity}>
          <Avatar src={resolveImageUrl(user.headerUrl)} name={user.nickName} size="xl" />
          <div>
            <p className={styles.name}>{user.nickName}</p>
            <p className={styles.muted}>
              {TEXT.userId} {user.userId}
            </p>
          </div>
        </div>
        <dl className={styles.facts}>
          <dt>{TEXT.mobile}</dt>
          <dd>{user.mobile.replace(/^86:/, '+86 ')}</dd>
          <dt>{TEXT.joinedAt}</dt>
          <dd>{dateFormat.format(new Date(user.createdAt))}</dd>
        </dl>
        <form className={styles.form} onSubmit={(event) => void save(event)}>
          <TextField
            label={TEXT.nickName}
            value={nickName}
            onValueChange={setDraftNickName}
            maxLength={20}
            hint={TEXT.nickNameHint}
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
    </PageContainer>
  )
}
