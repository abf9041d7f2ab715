import { createTheme, globalStyle } from '@vanilla-extract/css'
import { darkTokens } from './dark'
import { lightTokens } from './light'
import { vars } from './vars.css'

/**
 * Theme classes. Put one on `<html>` (not on an inner wrapper) so that Radix portals, which render
 * into `document.body`, see the same variables as the page.
 */
export const lightTheme = createTheme(vars, lightTokens, 'light')
export const darkTheme = createTheme(vars, darkTokens, 'dark')

// Native controls (scrollbars, date pickers) follow the theme rather than the OS setting.
globalStyle(lightTheme, { colorScheme: 'light' })
globalStyle(darkTheme, { colorScheme: 'dark' })

export const themeNames = ['light', 'dark'] as const
export type ThemeName = (typeof themeNames)[number]

export const themeClassNames: Record<ThemeName, string> = {
  light: lightTheme,
  dark: darkTheme,
}
