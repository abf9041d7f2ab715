/**
 * Breakpoints live outside the theme contract because media queries cannot read CSS variables.
 * Mobile first: styles without a query are for phones.
 */
export const breakpoints = {
  tablet: 768,
  desktop: 1024,
  wide: 1440,
} as const

export const mediaQueries = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  wide: `screen and (min-width: ${breakpoints.wide}px)`,
  belowTablet: `screen and (max-width: ${breakpoints.tablet - 1}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
  hoverNone: '(hover: none)',
} as const
