import { Button, EmptyState, PageContainer } from '@gy/design-system'
import { Link } from 'react-router'
import { STRINGS } from '../../strings'

export function NotFoundPage() {
  return (
    <PageContainer>
      <EmptyState
        title={STRINGS.notFound.title}
        hint={STRINGS.notFound.hint}
        action={
          <Button asChild>
            <Link to="/home">{STRINGS.placeholder.backHome}</Link>
          </Button>
        }
      />
    </PageContainer>
  )
}
