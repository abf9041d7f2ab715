/**
 * The theme × viewport combinations every story is checked in, by the local visual test
 * (scripts/visual/stories.test.ts) and by Chromatic (`parameters.chromatic.modes`). Two of the four on purpose:
 * light on the desktop and dark on the phone cover both themes and both layouts at half the cost.
 */
export const viewports = {
  desktop: { name: '桌面 1440×900', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
  mobile: { name: '手机 390×844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
} as const

export type ViewportName = keyof typeof viewports

export interface VisualMode {
  theme: 'light' | 'dark'
  viewport: ViewportName
}

export const visualModes = {
  'light-desktop': { theme: 'light', viewport: 'desktop' },
  'dark-mobile': { theme: 'dark', viewport: 'mobile' },
} as const satisfies Record<string, VisualMode>

export type VisualModeName = keyof typeof visualModes
