import { Button, HeroBanner } from '@gy/design-system'
import { Link } from 'react-router'
import { STRINGS } from '../../strings'

/** The mobile home page: the promise, and the way into the catalogue and the player. */
export function MobileHomePage() {
  return (
    <HeroBanner
      title={STRINGS.home.heroTitle}
      subtitle={STRINGS.home.heroSubtitle}
      compact
      actions={
        <>
          <Button asChild>
            <Link to="/m/copyrightedMusic">{STRINGS.home.heroSecondary}</Link>
          </Button>
          <Button variant="secondary" asChild>
            <Link to="/m/GYmusicPlayer">{STRINGS.mobile.listen}</Link>
          </Button>
        </>
      }
    />
  )
}
