import { storeBanners } from '@gy/api'
import { BannerCarousel } from '@gy/design-system'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useApiData } from '../../providers/useApiData'
import { useRuntime } from '../../providers/runtime'
import { STRINGS } from '../../strings'

function routerLink(item: { href: string }, children: ReactNode) {
  return <Link to={item.href}>{children}</Link>
}

/** The banners of the home page (musicBanner/list); nothing while they load or if they fail. */
export function HomeBanners() {
  const { api } = useRuntime()
  const banners = useApiData('home:banners', () => storeBanners(api), STRINGS.home.worksFailed)
  if (banners.state !== 'ready' || banners.data.length === 0) return null
  return (
    <BannerCarousel
      renderLink={routerLink}
      banners={banners.data.map((banner) => ({
        id: banner.bannerId,
        title: banner.title,
        subtitle: banner.subtitle,
        imageUrl: banner.image || null,
        href: banner.link,
      }))}
    />
  )
}
HomeBanners.displayName = 'HomeBanners'
