import { Button, PageContainer, SectionHeader } from '@gy/design-system'
import { Fragment, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { useCopyText } from '../../providers/useCopyText'
import { STATIC_ROUTES } from '../../routes/routeTable'
import { MOBILE_TEXT } from '../../strings.mobile'
import { AccountCancellation } from './AccountCancellation'
import { DOCUMENT_LINKS, LEGAL_TEXTS } from './legalTexts'
import * as styles from './LegalPage.css'

const TEXT = MOBILE_TEXT.legal
const DOCUMENT_NAME = /《([^》]+)》/g

/** The text with each 《name》 of a known document turned into a link within this shell. */
function withDocumentLinks(text: string, prefix: string, currentPath: string): ReactNode[] {
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(DOCUMENT_NAME)) {
    const path = DOCUMENT_LINKS[match[1] ?? '']
    if (path === undefined || path === currentPath) continue
    parts.push(text.slice(last, match.index))
    parts.push(
      <Link key={match.index} className={styles.link} to={prefix + path}>
        {match[0]}
      </Link>,
    )
    last = match.index + match[0].length
  }
  parts.push(text.slice(last))
  return parts
}

function titleOf(path: string): string {
  return STATIC_ROUTES.find((route) => route.path === path)?.title ?? path
}

/**
 * A legal or help page in either shell: title and date, a table of contents, the sections, links
 * to related documents, and ways to keep a copy (the link, or the browser's print-to-PDF). The
 * account-cancellation notice ends with the cancellation itself.
 */
export function LegalPage({ path, title }: { path: string; title: string }) {
  const { pathname } = useLocation()
  const prefix = pathname.startsWith('/m/') ? '/m' : ''
  const copyText = useCopyText()
  const document = LEGAL_TEXTS[path]
  if (document === undefined) return null
  const linked = (text: string) => withDocumentLinks(text, prefix, path)

  return (
    <PageContainer>
      <article className={styles.article}>
        <SectionHeader title={title} level={1} />
        <p className={styles.meta}>{TEXT.updated(document.updated)}</p>
        {document.intro.map((paragraph) => (
          <p key={paragraph} className={styles.paragraph}>
            {linked(paragraph)}
          </p>
        ))}
        <nav className={styles.contents} aria-label={TEXT.contents}>
          <p className={styles.contentsTitle}>{TEXT.contents}</p>
          <ol className={styles.contentsList}>
            {document.sections.map((section, index) => (
              <li key={section.heading}>
                <a className={styles.contentsLink} href={`#section-${index + 1}`}>
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section, index) => (
          <section key={section.heading} id={`section-${index + 1}`} className={styles.section}>
            <h2 className={styles.sectionHeading}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {linked(paragraph)}
              </p>
            ))}
          </section>
        ))}
        {path === '/userlogout' && <AccountCancellation homePath={prefix ? '/m/home' : '/home'} />}
        <nav className={styles.related} aria-label={TEXT.related}>
          {TEXT.related}：
          {document.related.map((relatedPath, index) => (
            <Fragment key={relatedPath}>
              {index > 0 && ' · '}
              <Link className={styles.link} to={prefix + relatedPath}>
                《{titleOf(relatedPath)}》
              </Link>
            </Fragment>
          ))}
        </nav>
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => void copyText(window.location.href)}>
            {TEXT.copyLink}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => window.print()}>
            {TEXT.print}
          </Button>
        </div>
      </article>
    </PageContainer>
  )
}
