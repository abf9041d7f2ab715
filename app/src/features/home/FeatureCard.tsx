import { FEATURE_ICONS, type FeatureIconName } from './FeatureIcons'
import * as styles from './FeatureCard.css'

export interface FeatureCardProps {
  title: string
  description: string
  icon: FeatureIconName
}

/** One thing the platform offers, on the home page: its glyph, its name and a line about it. */
export function FeatureCard({ title, description, icon }: FeatureCardProps) {
  const Glyph = FEATURE_ICONS[icon]
  return (
    <article className={styles.card}>
      <span className={styles.mark} aria-hidden="true">
        <Glyph className={styles.glyph} />
      </span>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.description}>{description}</p>
    </article>
  )
}
FeatureCard.displayName = 'FeatureCard'
