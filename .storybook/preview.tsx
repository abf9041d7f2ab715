import type { Decorator, Preview } from '@storybook/react-vite'
import { themeClassNames, themeNames, type ThemeName } from '@gy/design-system'
// Stories import components one by one, never the package entry that carries the base styles.
import '../packages/design-system/src/themes/global.css'
import './preview.css'
import { viewports, visualModes } from '../scripts/visual/modes'

const motionModes = ['frozen', 'live'] as const
type MotionMode = (typeof motionModes)[number]

function isThemeName(value: unknown): value is ThemeName {
  return themeNames.some((name) => name === value)
}

function isMotionMode(value: unknown): value is MotionMode {
  return motionModes.some((mode) => mode === value)
}

/**
 * Puts the chosen theme class on <html>, as the app does, so portalled dialogs, menus and toasts get
 * the same tokens as the story, and freezes motion unless the toolbar asks for it.
 */
const withThemeAndMotion: Decorator = (Story, context) => {
  const theme = isThemeName(context.globals.theme) ? context.globals.theme : 'light'
  const motion = isMotionMode(context.globals.motion) ? context.globals.motion : 'frozen'
  const root = document.documentElement
  for (const name of themeNames) root.classList.toggle(themeClassNames[name], name === theme)
  root.dataset.motion = motion
  return <Story />
}

const preview: Preview = {
  // A docs page per component, from its stories and their comments.
  tags: ['autodocs'],
  decorators: [withThemeAndMotion],
  globalTypes: {
    theme: {
      description: '主题',
      toolbar: {
        title: '主题',
        icon: 'contrast',
        items: [
          { value: 'light', title: '浅色', icon: 'sun' },
          { value: 'dark', title: '深色', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    motion: {
      description: '动画',
      toolbar: {
        title: '动画',
        icon: 'play',
        items: [
          { value: 'frozen', title: '冻结（截图用）' },
          { value: 'live', title: '播放' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', motion: 'frozen' },
  parameters: {
    layout: 'padded',
    viewport: { options: viewports },
    // Chromatic takes one snapshot per mode; the globals are the toolbar's (theme) and viewport's.
    chromatic: {
      modes: Object.fromEntries(
        Object.entries(visualModes).map(([name, mode]) => [
          name,
          { theme: mode.theme, viewport: mode.viewport },
        ]),
      ),
    },
    // Every story is checked by axe (WCAG 2.1 A/AA) after it renders: the a11y panel shows the
    // findings, and the visual run (scripts/visual) fails a story on a serious or critical one.
    a11y: { test: 'error', options: { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    controls: { matchers: { color: /(background|color)$/i } },
    // The theme paints the page; Storybook's own backgrounds would hide it.
    backgrounds: { disable: true },
  },
}

export default preview
