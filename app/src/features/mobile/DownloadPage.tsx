import { Button } from '@gy/design-system'
import { Link } from 'react-router'
import { useAppSettings } from '../../providers/useAppSettings'
import { MOBILE_TEXT } from '../../strings.mobile'
import * as styles from './mobile.css'
import { LogoMark } from './MobileIcons'

const TEXT = MOBILE_TEXT.download

/**
 * /m/download_gy, where `user/downloadLink` sends a phone that is neither iOS nor Android (and the
 * Android open-app fallback): both stores side by side, from the server's settings.
 */
export function DownloadPage() {
  const settings = useAppSettings()
  return (
    <div className={styles.page}>
      <section className={styles.downloadHero}>
        <LogoMark className={styles.downloadMark} />
        <h1 className={styles.heroTitle}>{TEXT.title}</h1>
        <p className={styles.heroText}>{TEXT.pitch}</p>
        <div className={styles.downloadButtons}>
          <Button asChild size="lg" variant="secondary">
            <a href={settings?.iosStoreUrl ?? '#'} aria-disabled={settings === null}>
              {TEXT.ios}
            </a>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <a href={settings?.androidMarketUrl ?? '#'} aria-disabled={settings === null}>
              {TEXT.android}
            </a>
          </Button>
        </div>
      </section>
      <ul className={styles.featureList}>
        {TEXT.features.map((feature) => (
          <li key={feature.title} className={styles.featureItem}>
            <h2 className={styles.featureTitle}>{feature.title}</h2>
            <p className={styles.hint}>{feature.text}</p>
          </li>
        ))}
      </ul>
      <Button asChild variant="ghost">
        <Link to="/m/home">{TEXT.back}</Link>
      </Button>
    </div>
  )
}
