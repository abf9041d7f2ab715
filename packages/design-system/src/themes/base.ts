import type { ThemeTokens } from './vars.css'

/**
 * Chinese first: PingFang SC on Apple systems, Microsoft YaHei on Windows, Noto Sans SC / Noto Sans
 * CJK SC on Linux and Android. Latin system fonts come first so digits and Latin words keep their
 * own shapes instead of the CJK font's wider ones.
 */
export const cjkFontStack = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans SC"',
  '"Noto Sans CJK SC"',
  '"Source Han Sans SC"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ')

/** The tokens both themes share: everything except colour and shadow. */
export const sharedTokens = {
  space: {
    none: '0',
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
  },
  font: {
    body: cjkFontStack,
    numeric: `"SF Mono", "Roboto Mono", Menlo, Consolas, ${cjkFontStack}`,
  },
  fontSize: {
    xs: '12px',
    sm: '14px',
    md: '16px',
    lg: '18px',
    xl: '22px',
    xxl: '28px',
    display: '40px',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    semibold: '600',
    bold: '700',
  },
  lineHeight: {
    tight: '1.25',
    heading: '1.4',
    body: '1.6',
  },
  letterSpacing: {
    normal: '0',
    wide: '0.04em',
  },
  radius: {
    sm: '6px',
    md: '10px',
    lg: '16px',
    xl: '24px',
    full: '9999px',
  },
  borderWidth: {
    thin: '1px',
    focus: '2px',
  },
  blur: {
    sm: '2px',
    md: '8px',
    lg: '16px',
  },
  zIndex: {
    base: '0',
    header: '100',
    player: '200',
    dialog: '1000',
    dropdown: '1100',
    mask: '1200',
    toast: '1300',
  },
  size: {
    controlSm: '32px',
    controlMd: '40px',
    controlLg: '48px',
    iconSm: '16px',
    iconMd: '20px',
    iconLg: '24px',
    iconXl: '48px',
    avatarSm: '24px',
    avatarMd: '32px',
    avatarLg: '48px',
    avatarXl: '80px',
    spinnerSm: '16px',
    spinnerMd: '24px',
    spinnerLg: '40px',
    playButton: '48px',
    headerHeight: '64px',
    dialogLogin: '1100px',
    dialogLoginMinHeight: '600px',
    dialogLyric: '576px',
    dialogConfirm: '420px',
    menuMinWidth: '176px',
    smsButton: '112px',
    toastWidth: '360px',
    fieldMaxWidth: '400px',
    cardMinWidth: '176px',
    heroMinHeight: '360px',
    brandMark: '32px',
    contactImage: '96px',
    containerNarrow: '760px',
    container: '1200px',
    containerWide: '1440px',
    /** Large enough for a phone camera at arm's length. */
    qrCode: '200px',
    // The store (store branch).
    bannerHeight: '280px',
    bannerHeightCompact: '172px',
    workCover: '340px',
  },
  motion: {
    durationFast: '120ms',
    durationBase: '200ms',
    durationSlow: '320ms',
    durationSpin: '800ms',
    easeOut: 'cubic-bezier(0.16, 1, 0.3, 1)',
    easeInOut: 'cubic-bezier(0.65, 0, 0.35, 1)',
  },
} satisfies Omit<ThemeTokens, 'color' | 'artwork' | 'shadow'>
