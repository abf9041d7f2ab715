import { sharedTokens } from './base'
import type { ThemeTokens } from './vars.css'

/** Warm paper surfaces and one vermilion accent: calm enough for long browsing sessions. */
export const lightTokens: ThemeTokens = {
  ...sharedTokens,
  color: {
    surface: '#FAF9F7',
    surfaceSunken: '#F2F0EC',
    surfaceRaised: '#FFFFFF',
    surfaceHover: '#EFEDE9',
    text: '#1D1D21',
    // Both at least 4.5:1 on the sunken surface (#F2F0EC), as WCAG AA asks of body text.
    textMuted: '#5E5E66',
    textSubtle: '#6B6B73',
    textInverse: '#FFFFFF',
    accent: '#D33A2C',
    accentHover: '#BF3226',
    accentActive: '#A92B21',
    accentContrast: '#FFFFFF',
    accentSoft: '#FBE9E6',
    accentText: '#C2352A',
    border: '#E4E1DC',
    borderStrong: '#C9C5BE',
    focusRing: '#D33A2C',
    danger: '#C42B3A',
    dangerSoft: '#FBE8EA',
    // The three status colours are also small text on their soft backgrounds (StatusBadge): dark
    // enough for WCAG AA's 4.5:1 there.
    success: '#18733F',
    successSoft: '#E4F4EA',
    warning: '#975A00',
    warningSoft: '#FDF1DC',
    info: '#2862C8',
    infoSoft: '#E6EEFB',
    overlay: 'rgba(20, 18, 16, 0.48)',
    scrim: 'rgba(250, 249, 247, 0.72)',
    // The in-app browser tip: dark enough that white words over the page read at once.
    tipScrim: 'rgba(12, 10, 9, 0.86)',
    // Words on the tip scrim: the scrim is near-black in both themes, so they stay white.
    tipText: '#FFFFFF',
    coverShade: 'rgba(0, 0, 0, 0.32)',
    brandArtStart: '#2A0F0C',
    brandArtEnd: '#D33A2C',
    brandArtGlow: 'rgba(255, 196, 160, 0.55)',
    brandArtGroove: 'rgba(255, 255, 255, 0.07)',
    brandArtVinyl: 'rgba(0, 0, 0, 0.55)',
  },
  artwork: {
    dusk: 'linear-gradient(135deg, #F6B8A6 0%, #C7435A 55%, #3D1B3F 100%)',
    jade: 'linear-gradient(135deg, #BFE3C8 0%, #3E9A7A 55%, #163B39 100%)',
    ember: 'linear-gradient(135deg, #FFD9A0 0%, #E0733A 55%, #5A1F12 100%)',
    ocean: 'linear-gradient(135deg, #B9D7F5 0%, #4474C4 55%, #172650 100%)',
    plum: 'linear-gradient(135deg, #E5C6F0 0%, #8A4FB0 55%, #2A1640 100%)',
    sand: 'linear-gradient(135deg, #F2E6CF 0%, #B8976A 55%, #3E3122 100%)',
  },
  shadow: {
    sm: '0 1px 2px rgba(29, 29, 33, 0.06), 0 1px 3px rgba(29, 29, 33, 0.08)',
    md: '0 4px 12px rgba(29, 29, 33, 0.08), 0 2px 4px rgba(29, 29, 33, 0.06)',
    lg: '0 24px 64px rgba(29, 29, 33, 0.18), 0 8px 20px rgba(29, 29, 33, 0.1)',
    header: '0 1px 0 rgba(29, 29, 33, 0.06)',
  },
}
