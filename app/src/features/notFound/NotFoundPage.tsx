import { Button, EmptyState, PageContainer } from '@gy/design-system'
import { Link, useLocation } from 'react-router'
import { STRINGS } from '../../strings'

/** The 404 of both shells; the way home stays in the shell the visitor is in. */
export function NotFoundPage() {
  const home = useLocation().pathname.startsWith('/m/') ? '/m/home' : '/home'
  return (
    <PageContainer>
      <EmptyState
        title={STRINGS.notFound.title}
        hint={STRINGS.notFound.hint}
        action={
          <Button asChild>
            <Link to={home}>{STRINGS.placeholder.backHome}</Link>
          </Button>
        }
      />
    </PageContainer>
  )
}
