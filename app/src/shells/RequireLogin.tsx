import { Button, EmptyState, PageContainer } from '@gy/design-system'
import { type ReactNode, useEffect } from 'react'
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

  if (isLogin) return children
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
