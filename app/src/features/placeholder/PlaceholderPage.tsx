import { Button, PlaceholderPage as PlaceholderView } from '@gy/design-system'
import { Link, useLocation } from 'react-router'
import { STRINGS } from '../../strings'

/** A route whose page is not built yet: its title and a calm note, never a blank screen. */
export function PlaceholderPage({ title }: { title: string }) {
  // The way home stays in the shell the visitor is in.
  const home = useLocation().pathname.startsWith('/m/') ? '/m/home' : '/home'
  return (
    <PlaceholderView
      title={title}
      note={STRINGS.placeholder.note}
      action={
        <Button variant="secondary" asChild>
          <Link to={home}>{STRINGS.placeholder.backHome}</Link>
        </Button>
      }
    />
  )
}
