import { PlaceholderPage as PlaceholderView } from '@gy/design-system'
import { Link } from 'react-router'
import { STRINGS } from '../../strings'

/** A route whose page is not built yet: its title and a calm note, never a blank screen. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <PlaceholderView
      title={title}
      note={STRINGS.placeholder.note}
      action={<Link to="/home">{STRINGS.placeholder.backHome}</Link>}
    />
  )
}
