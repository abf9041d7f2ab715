import { clsx } from 'clsx'
import { useEffect, useState, type ReactNode } from 'react'
import { bannerCarouselStrings } from '../../strings'
import { ChevronDownIcon } from '../private/icons'
import { fallbackArtwork } from '../WorkCard/WorkCard'
import * as styles from './BannerCarousel.css'

export interface Banner {
  id: string
  title: string
  subtitle?: string
  /** A cover shown on the slide's right; without one the slide is a calm gradient. */
  imageUrl?: string | null
  href: string
}

export interface BannerCarouselProps {
  banners: readonly Banner[]
  /** How a slide's link is drawn (the app's router link). */
  renderLink: (item: { href: string }, children: ReactNode) => ReactNode
  /** Milliseconds between slides; 0 stops turning. Hovering or focusing the carousel pauses it. */
  interval?: number
  /** The slide shown first (stories and screenshots pin it). */
  defaultIndex?: number
  labels?: Partial<Omit<typeof bannerCarouselStrings, 'goTo'>>
  className?: string
}

const DEFAULT_INTERVAL_MS = 6_000

/**
 * The home page's and store's banners: one slide at a time, turning by itself unless the user
 * hovers, focuses it or prefers reduced motion; previous, next and a dot per slide. The slide is
 * one link, so Tab reaches it and Enter opens it.
 */
export function BannerCarousel({
  banners,
  renderLink,
  interval = DEFAULT_INTERVAL_MS,
  defaultIndex = 0,
  labels: labelOverrides,
  className,
}: BannerCarouselProps) {
  const labels = { ...bannerCarouselStrings, ...labelOverrides }
  const [index, setIndex] = useState(defaultIndex)
  const [paused, setPaused] = useState(false)
  const count = banners.length
  const active = count === 0 ? 0 : ((index % count) + count) % count

  useEffect(() => {
    if (paused || interval <= 0 || count < 2) return
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    const timer = window.setInterval(() => setIndex((current) => current + 1), interval)
    return () => window.clearInterval(timer)
  }, [paused, interval, count])

  if (count === 0) return null
  return (
    <section
      className={clsx(styles.root, className)}
      aria-roledescription="carousel"
      aria-label={labels.region}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.viewport} aria-live={paused ? 'polite' : 'off'}>
        {banners.map((banner, position) => (
          <div
            key={banner.id}
            className={clsx(styles.slide, styles.artwork[fallbackArtwork(banner.id)])}
            data-state={position === active ? 'active' : 'inactive'}
            aria-roledescription="slide"
            aria-label={`${position + 1} / ${count}`}
            hidden={position !== active}
          >
            {renderLink(
              { href: banner.href },
              <span className={styles.link}>
                <span className={styles.text}>
                  <span className={styles.title}>{banner.title}</span>
                  {banner.subtitle ? (
                    <span className={styles.subtitle}>{banner.subtitle}</span>
                  ) : null}
                </span>
                {banner.imageUrl ? (
                  <img className={styles.image} src={banner.imageUrl} alt="" decoding="async" />
                ) : null}
              </span>,
            )}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={labels.previous}
            onClick={() => setIndex(active - 1)}
          >
            <ChevronDownIcon className={styles.previousIcon} />
          </button>
          <div className={styles.dots}>
            {banners.map((banner, position) => (
              <button
                key={banner.id}
                type="button"
                className={styles.dot}
                aria-label={bannerCarouselStrings.goTo(position + 1)}
                aria-current={position === active ? 'true' : undefined}
                onClick={() => setIndex(position)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.arrow}
            aria-label={labels.next}
            onClick={() => setIndex(active + 1)}
          >
            <ChevronDownIcon className={styles.nextIcon} />
          </button>
        </div>
      ) : null}
    </section>
  )
}
BannerCarousel.displayName = 'BannerCarousel'
