import { EmptyState, HeroBanner } from '@gy/design-system'
import { STRINGS } from '../../strings'

/** The mobile home page; the mobile catalogue and player follow in later issues. */
export function MobileHomePage() {
  return (
    <>
      <HeroBanner title={STRINGS.home.heroTitle} subtitle={STRINGS.home.heroSubtitle} compact />
      <EmptyState title={STRINGS.home.worksEmptyTitle} hint={STRINGS.mobile.comingSoon} />
    </>
  )
}
