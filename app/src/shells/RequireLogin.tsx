import { Button, EmptyState, PageContainer } from '@gy/design-system'
import { type ReactNode, useEffect, useState } from 'react'
import { useRuntime, useSession } from '../providers/runtime'
import { STRINGS } from '../strings'

/**
 * Guards a login-only route: a visitor sees the login dialog open over a short explanation,
 * and the page itself appears as soon as they log in. Give each route its own `key` so that
 * moving between two guarded routes counts as arriving.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { isLogin } = useSession()
  const { openLogin, session } = useRuntime()

  // Only on arrival: a session that ends while the page is open is handled by the session
  // dialog, which offers 重新登录 itself.
  useEffect(() => {
    if (!session.getSnapshot().isLogin) openLogin()
  }, [openLogin, session])

  // A session that ends while the page is open is followed by leaving the page (logging out goes
  // home, an expired session goes to the root or is renewed in the session dialog): showing the
  // "log in first" explanation in the meantime would flash it at someone who just logged out.
  const [wasLoggedIn, setWasLoggedIn] = useState(isLogin)
  if (isLogin && !wasLoggedIn) setWasLoggedIn(true)
  if (isLogin) return children
  if (wasLoggedIn) return <PageContainer />
  return (
    <PageContainer>
      <EmptyState
        title={STRINGS.login.requiredTitle}
        hint={STRINGS.login.requiredHint}
        action={<Button onClick={openLogin}>{STRINGS.login.requiredAction}</Button>}
      />
    </PageContainer>
  )
}
