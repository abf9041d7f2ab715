import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, quietIconButtonHover, quietIconButtonRule } from '../private/styleRules'

export const root = style({ position: 'relative', display: 'grid', gap: vars.space.sm })

export const viewport = style({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.md,
})

export const slide = style({
  height: vars.size.bannerHeightCompact,
  selectors: { '&[data-state="active"]': { animation: 'none' } },
  '@media': { [mediaQueries.tablet]: { height: vars.size.bannerHeight } },
})

export const artwork = styleVariants(vars.artwork, (gradient) => ({ backgroundImage: gradient }))

export const link = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xl,
  height: '100%',
  paddingInline: vars.space.xl,
  color: vars.color.textInverse,
  textDecoration: 'none',
  selectors: { 'a:focus-visible > &': focusRing },
  '@media': { [mediaQueries.tablet]: { paddingInline: vars.space.xxxl } },
})

export const text = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 })

export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  '@media': { [mediaQueries.tablet]: { fontSize: vars.fontSize.display } },
})

export const subtitle = style({
  fontSize: vars.fontSize.sm,
  opacity: 0.88,
  '@media': { [mediaQueries.tablet]: { fontSize: vars.fontSize.lg } },
})

export const image = style({
  flexShrink: 0,
  height: '78%',
  aspectRatio: '1',
  borderRadius: vars.radius.lg,
  objectFit: 'cover',
  boxShadow: vars.shadow.lg,
})

export const controls = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
})

export const arrow = style({
  ...quietIconButtonRule,
  selectors: {
    '&:hover': quietIconButtonHover,
    '&:focus-visible': focusRing,
  },
})

export const previousIcon = style({ transform: 'rotate(90deg)' })

export const nextIcon = style({ transform: 'rotate(-90deg)' })

export const dots = style({ display: 'flex' })

// The button is a 24 px target (WCAG 2.2's minimum, which Lighthouse scores); the small dot the
// eye sees is drawn inside it, so the row looks as light as before.
export const dot = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: vars.space.xl,
  height: vars.space.xl,
  paddingInline: vars.space.sm,
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: 'transparent',
  cursor: 'pointer',
  '::before': {
    content: '""',
    width: vars.space.sm,
    height: vars.space.sm,
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.borderStrong,
    transitionProperty: 'width, background-color',
    transitionDuration: vars.motion.durationBase,
  },
  selectors: {
    '&[aria-current="true"]::before': { width: vars.space.xl, backgroundColor: vars.color.accent },
    '&:focus-visible': focusRing,
  },
})

// The slide is a link: it reads as the banner, not as underlined text.
globalStyle(`${viewport} a`, { color: 'inherit', textDecoration: 'none' })
