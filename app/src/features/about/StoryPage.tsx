import { Button } from '@gy/design-system'
import { Link, useLocation } from 'react-router'
import { ABOUT_TEXT } from './storyTexts'
import * as styles from './StoryPage.css'

interface Story {
  title: string
  lead: string
  sections: readonly { heading: string; paragraphs: readonly string[] }[]
}

function StoryLayout({ story, actions }: { story: Story; actions?: React.ReactNode }) {
  return (
    <article>
      <header className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.title}>{story.title}</h1>
          <p className={styles.lead}>{story.lead}</p>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      </header>
      <div className={styles.body}>
        {story.sections.map((section) => (
          <section key={section.heading} className={styles.section}>
            <h2 className={styles.heading}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </article>
  )
}

/** /aboutUs and /m/aboutUs: the product's story (让价值回归音乐人) and what it does. */
export function AboutUsPage() {
  const mobile = useLocation().pathname.startsWith('/m/')
  const { about } = ABOUT_TEXT
  return (
    <StoryLayout
      story={about}
      actions={
        <>
          <Button asChild>
            <Link to={about.ctaHref}>{about.cta}</Link>
          </Button>
          <Button variant="secondary" asChild>
            <Link to={mobile ? '/m/copyrightedMusic' : '/copyrightedMusic'}>{about.listen}</Link>
          </Button>
        </>
      }
    />
  )
}

/** /joinUs and /m/joinUs: who the team is looking for and how to apply. */
export function JoinUsPage() {
  return <StoryLayout story={ABOUT_TEXT.join} />
}
