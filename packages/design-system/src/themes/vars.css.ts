import { createThemeContract } from '@vanilla-extract/css'

/**
 * The one theme contract. Every component reads its values through `vars`; the light and dark
 * themes fill it in (see `light.ts`, `dark.ts`, `themes.css.ts`).
 */
const contractShape = {
  color: {
    surface: null,
    surfaceSunken: null,
    surfaceRaised: null,
    surfaceHover: null,
    text: null,
    textMuted: null,
    textSubtle: null,
    textInverse: null,
    accent: null,
    accentHover: null,
    accentActive: null,
    accentContrast: null,
    accentSoft: null,
    accentText: null,
    border: null,
    borderStrong: null,
    focusRing: null,
    danger: null,
    dangerSoft: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    info: null,
    infoSoft: null,
    overlay: null,
    scrim: null,
    tipScrim: null,
    coverShade: null,
    brandArtStart: null,
    brandArtEnd: null,
    brandArtGlow: null,
    brandArtGroove: null,
    brandArtVinyl: null,
  },
  /** Cover-art fallbacks: calm gradients picked by a hash of the work, so a card never looks empty. */
  artwork: {
    dusk: null,
    jade: null,
    ember: null,
    ocean: null,
    plum: null,
    sand: null,
  },
  space: {
    none: null,
    xxs: null,
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    xxl: null,
    xxxl: null,
  },
  font: {
    body: null,
    numeric: null,
  },
  fontSize: {
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    xxl: null,
    display: null,
  },
  fontWeight: {
    regular: null,
    medium: null,
    semibold: null,
    bold: null,
  },
  lineHeight: {
    tight: null,
    heading: null,
    body: null,
  },
  letterSpacing: {
    normal: null,
    wide: null,
  },
  radius: {
    sm: null,
    md: null,
    lg: null,
    xl: null,
    full: null,
  },
  borderWidth: {
    thin: null,
    focus: null,
  },
  /** Backdrop blur behind translucent surfaces (header, overlay, tags on covers). */
  blur: {
    sm: null,
    md: null,
    lg: null,
  },
  shadow: {
    sm: null,
    md: null,
    lg: null,
    header: null,
  },
  zIndex: {
    base: null,
    header: null,
    player: null,
    dialog: null,
    dropdown: null,
    mask: null,
    toast: null,
  },
  size: {
    controlSm: null,
    controlMd: null,
    controlLg: null,
    iconSm: null,
    iconMd: null,
    iconLg: null,
    iconXl: null,
    avatarSm: null,
    avatarMd: null,
    avatarLg: null,
    avatarXl: null,
    spinnerSm: null,
    spinnerMd: null,
    spinnerLg: null,
    playButton: null,
    headerHeight: null,
    dialogLogin: null,
    dialogLoginMinHeight: null,
    dialogLyric: null,
    dialogConfirm: null,
    menuMinWidth: null,
    smsButton: null,
    toastWidth: null,
    fieldMaxWidth: null,
    cardMinWidth: null,
    heroMinHeight: null,
    brandMark: null,
    contactImage: null,
    containerNarrow: null,
    container: null,
    containerWide: null,
    qrCode: null,
    // The store (store branch).
    bannerHeight: null,
    bannerHeightCompact: null,
    workCover: null,
  },
  motion: {
    durationFast: null,
    durationBase: null,
    durationSlow: null,
    durationSpin: null,
    easeOut: null,
    easeInOut: null,
  },
}

type TokenValues<Shape> = {
  [Key in keyof Shape]: Shape[Key] extends null ? string : TokenValues<Shape[Key]>
}

/** The values a theme must supply: every leaf of the contract as a CSS value string. */
export type ThemeTokens = TokenValues<typeof contractShape>

export const vars = createThemeContract(contractShape)
