import * as styles from './FeatureCard.css'

/** One thing the platform offers, on the home page. */
export function FeatureCard({ title, description }: { title: string; description: string }) {
  return (
    <article className={styles.card}>
      <span className={styles.mark} aria-hidden="true" />
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.description}>{description}</p>
    </article>
  )
}
FeatureCard.displayName = 'FeatureCard'
