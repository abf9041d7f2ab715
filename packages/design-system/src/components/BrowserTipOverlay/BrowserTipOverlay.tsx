import { clsx } from 'clsx'
import { InfoIcon } from '../private/icons'
import * as styles from './BrowserTipOverlay.css'

export const browserTipKinds = ['wechat', 'miui'] as const
export type BrowserTipKind = (typeof browserTipKinds)[number]

export interface BrowserTipOverlayProps {
  kind: BrowserTipKind
  /** WeChat: the lines beside the arrow, e.g. 点击右上角 and 选择「在浏览器中打开」. MIUI: the tip. */
  lines: readonly string[]
  /** The ··· of WeChat's menu, drawn as the thing to tap. */
  menuLabel?: string
  /** Says that a tap anywhere closes the overlay, e.g. 轻触任意处关闭. */
  dismissHint: string
  onDismiss: () => void
}

/**
 * The in-app browser tip of the mobile shell (SPEC.md section 2, "Mobile extras"). Inside WeChat
 * the page is covered and an arrow points at the ··· menu, whose 在浏览器中打开 is the way out; in
 * MIUI's browser a tip card asks for another browser. A tap anywhere (or Enter) hides it.
 */
export function BrowserTipOverlay({
  kind,
  lines,
  menuLabel = '···',
  dismissHint,
  onDismiss,
}: BrowserTipOverlayProps) {
  return (
    <button
      type="button"
      className={styles.overlay[kind]}
      onClick={onDismiss}
      data-kind={kind}
      aria-label={[...lines, dismissHint].join('，')}
    >
      {kind === 'wechat' ? (
        <>
          <svg className={styles.arrow} viewBox="0 0 48 48" aria-hidden="true">
            <path
              d="M8 44 C 10 24, 22 12, 40 8 M40 8 L 30 4 M40 8 L 34 17"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className={styles.wechatCopy} aria-hidden="true">
            {lines.map((line, index) => (
              <span key={line}>
                {line}
                {index === 0 ? <span className={styles.menuDots}> {menuLabel} </span> : null}
              </span>
            ))}
          </span>
        </>
      ) : (
        <span className={styles.tipCard} aria-hidden="true">
          <InfoIcon className={styles.tipIcon} />
          <span>{lines.join('')}</span>
        </span>
      )}
      <span
        className={clsx(styles.dismissHint, kind === 'miui' && styles.miuiDismissHint)}
        aria-hidden="true"
      >
        {dismissHint}
      </span>
    </button>
  )
}
BrowserTipOverlay.displayName = 'BrowserTipOverlay'
