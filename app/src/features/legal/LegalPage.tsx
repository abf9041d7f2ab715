import { PageContainer, SectionHeader } from '@gy/design-system'
import { LEGAL_TEXTS } from './legalTexts'
import * as styles from './LegalPage.css'

/** A legal or help page: its title and its paragraphs, set for comfortable reading. */
export function LegalPage({ path, title }: { path: string; title: string }) {
  const paragraphs = LEGAL_TEXTS[path] ?? []
  return (
    <PageContainer>
      <article className={styles.article}>
        <SectionHeader title={title} />
        {paragraphs.map((paragraph) => (
          <p key={paragraph} className={styles.paragraph}>
            {paragraph}
          </p>
        ))}
      </article>
    </PageContainer>
  )
}
