import { sharedTokens } from './base'
import type { ThemeTokens } from './vars.css'

/** Near-black surfaces that let cover art carry the colour; the accent stays the same vermilion. */
export const darkTokens: ThemeTokens = {
  ...sharedTokens,
  color: {
    surface: '#121214',
    surfaceSunken: '#0B0B0D',
    surfaceRaised: '#1C1C21',
    surfaceHover: '#26262C',
    text: '#F2F1EF',
    textMuted: '#A1A1AA',
    // 4.5:1 on the raised surface as well as the page.
    textSubtle: '#85858E',
    textInverse: '#121214',
    accent: '#D33A2C',
    accentHover: '#E04A3C',
    accentActive: '#BF3226',
    accentContrast: '#FFFFFF',
    accentSoft: '#3A1815',
    accentText: '#FF7A6E',
    border: '#2C2C33',
    borderStrong: '#44444D',
    focusRing: '#FF7A6E',
    danger: '#FF6B78',
    dangerSoft: '#3B1820',
    success: '#4CC98A',
    successSoft: '#12301F',
    warning: '#F2B54A',
    warningSoft: '#3A2A0E',
    info: '#7FA8F5',
    infoSoft: '#172440',
    overlay: 'rgba(0, 0, 0, 0.64)',
    scrim: 'rgba(18, 18, 20, 0.72)',
    // The in-app browser tip: dark enough that white words over the page read at once.
    tipScrim: 'rgba(0, 0, 0, 0.86)',
    // Words on the tip scrim: the scrim is near-black in both themes, so they stay white.
    tipText: '#FFFFFF',
    coverShade: 'rgba(0, 0, 0, 0.4)',
    brandArtStart: '#160807',
    brandArtEnd: '#B23125',
    brandArtGlow: 'rgba(255, 140, 110, 0.4)',
    brandArtGroove: 'rgba(255, 255, 255, 0.06)',
    brandArtVinyl: 'rgba(0, 0, 0, 0.6)',
  },
  artwork: {
    dusk: 'linear-gradient(135deg, #C9707F 0%, #7A2A45 55%, #22101F 100%)',
    jade: 'linear-gradient(135deg, #7FBF9F 0%, #2C6E5A 55%, #0E2422 100%)',
    ember: 'linear-gradient(135deg, #E8A86A 0%, #A64A24 55%, #33120A 100%)',
    ocean: 'linear-gradient(135deg, #7FA6D9 0%, #2F5296 55%, #0E1733 100%)',
    plum: 'linear-gradient(135deg, #B994CC 0%, #5F3483 55%, #1A0E29 100%)',
    sand: 'linear-gradient(135deg, #CDBB98 0%, #7F6645 55%, #241C13 100%)',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.45)',
    lg: '0 24px 64px rgba(0, 0, 0, 0.6), 0 8px 20px rgba(0, 0, 0, 0.4)',
    header: '0 1px 0 rgba(255, 255, 255, 0.06)',
  },
}
