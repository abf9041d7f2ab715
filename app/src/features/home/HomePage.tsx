import { Button, HeroBanner, PageContainer, SectionHeader } from '@gy/design-system'
import { Link } from 'react-router'
import { STRINGS } from '../../strings'
import { FeatureCard } from './FeatureCard'
import { HomeBanners } from './HomeBanners'
import { HomeWorks } from './HomeWorks'
import * as styles from './HomePage.css'

/** The desktop home page: what the platform offers and, soon, the works on sale. */
export function HomePage() {
  const { home } = STRINGS
  return (
    <>
      <HeroBanner
        title={home.heroTitle}
        subtitle={home.heroSubtitle}
        actions={
          <>
            <Button size="lg" asChild>
              <Link to="/aiCreationCenter">{home.heroPrimary}</Link>
            </Button>
            <Button size="lg" variant="secondary" asChild>
              <Link to="/copyrightedMusic">{home.heroSecondary}</Link>
            </Button>
          </>
        }
      />
      <PageContainer>
        <section className={styles.section}>
          <HomeBanners />
        </section>
        <section className={styles.section}>
          <SectionHeader title={home.featuresTitle} />
          <div className={styles.features}>
            {home.features.map((feature) => (
              <Link key={feature.key} to={feature.href} className={styles.featureLink}>
                <FeatureCard
                  title={feature.title}
                  description={feature.description}
                  icon={feature.key}
                />
              </Link>
            ))}
          </div>
        </section>
        <section className={styles.section}>
          <SectionHeader
            title={home.worksTitle}
            action={<Link to="/copyrightedMusic">{home.worksMore}</Link>}
          />
          <HomeWorks />
        </section>
      </PageContainer>
    </>
  )
}
