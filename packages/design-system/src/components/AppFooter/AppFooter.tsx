import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import type { LinkItem, RenderLink } from '../../links'
import { strings } from '../../strings'
import { LogoMark } from '../private/icons'
import * as styles from './AppFooter.css'

export interface FooterLinkGroup {
  key: string
  title: string
  links: ReadonlyArray<LinkItem>
}

export interface AppFooterProps extends Omit<ComponentPropsWithRef<'footer'>, 'children'> {
  /** Link columns, e.g. 平台 (关于我们, 上传作品, 版权登记) and 协议 (用户协议, 隐私政策, 授权分享协议). */
  groups: ReadonlyArray<FooterLinkGroup>
  renderLink: RenderLink
  /** The contact image (a QR code, usually an `<img>`). */
  contactImage?: ReactNode
  /** The caption above the contact image; defaults to 联系我们. */
  contactLabel?: string
  /** Filing and licence lines, e.g. ICP 备案号 and the copyright line, shown at the bottom. */
  notes?: ReadonlyArray<string>
  brandName?: string
  tagline?: string
}

export function AppFooter({
  groups,
  renderLink,
  contactImage,
  contactLabel = strings.contactUs,
  notes = [],
  brandName = strings.brandName,
  tagline = strings.tagline,
  className,
  ...props
}: AppFooterProps) {
  return (
    <footer className={clsx(styles.footer, className)} {...props}>
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <span className={styles.brandName}>
              <LogoMark className={styles.brandMark} />
              {brandName}
            </span>
            <span className={styles.tagline}>{tagline}</span>
          </div>

          {groups.map((group) => (
            <nav key={group.key} className={styles.group} aria-label={group.title}>
              <h2 className={styles.groupTitle}>{group.title}</h2>
              <ul className={styles.linkList}>
                {group.links.map((link) => (
                  <li key={link.key} className={styles.linkItem}>
                    {renderLink(link, link.label)}
                  </li>
                ))}
              </ul>
            </nav>
          ))}

          {contactImage ? (
            <div className={styles.contact}>
              <h2 className={styles.groupTitle}>{contactLabel}</h2>
              <div className={styles.contactImage}>{contactImage}</div>
            </div>
          ) : null}
        </div>

        {notes.length > 0 ? (
          <div className={styles.notes}>
            {notes.map((note) => (
              <span key={note}>{note}</span>
            ))}
          </div>
        ) : null}
      </div>
    </footer>
  )
}
AppFooter.displayName = 'AppFooter'
