/**
 * The theme × viewport combinations stories are checked in, by the local visual test
 * (scripts/visual/stories.test.ts) and by Chromatic (`parameters.chromatic.modes`).
 *
 * Locally every story is checked in light on the desktop; a named set (the state charts, the
 * shell's header and footer, the login dialog and the phone player) is checked in dark on the
 * phone too, which covers the second theme and layout at a cost CI's two cores can carry. A story
 * joins that set with the `every-mode` tag on its meta. Chromatic, which runs in its own cloud,
 * snapshots every story in both modes.
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

/** The tag that puts a story in the dark-on-the-phone set of the local run. */
export const EVERY_MODE_TAG = 'every-mode'

/** The modes the local run checks a story in, from its tags (index.json carries them). */
export function modesOf(tags: readonly string[]): VisualModeName[] {
  return tags.includes(EVERY_MODE_TAG) ? ['light-desktop', 'dark-mobile'] : ['light-desktop']
}
