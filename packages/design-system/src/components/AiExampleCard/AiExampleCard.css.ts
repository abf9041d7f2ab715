import { globalStyle, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, roundPlayButtonRule } from '../private/styleRules'

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
})

/** Above the card-wide link: the cover is for listening (its play button), the rest opens the page. */
export const cover = style({
  zIndex: 2,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  transition: `box-shadow ${vars.motion.durationBase} ${vars.motion.easeOut}`,
  selectors: {
    [`${card}:hover &, ${card}[data-state="playing"] &`]: { boxShadow: vars.shadow.md },
  },
})

/** The AI label on the cover's corner: opaque, so it reads on any artwork. */
export const label = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 1,
})

/** Always shown: an example is there to be heard. */
export const playButton = style({
  position: 'absolute',
  right: vars.space.sm,
  bottom: vars.space.sm,
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  ...roundPlayButtonRule,
  transition: `transform ${vars.motion.durationFast} ${vars.motion.easeOut}, background-color ${vars.motion.durationFast}`,
  selectors: {
    '&:hover': { backgroundColor: vars.color.accentHover, transform: 'scale(1.06)' },
    '&:active': { transform: 'scale(0.96)' },
    '&:focus-visible': focusRing,
  },
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
})

export const title = style({
  margin: 0,
  minWidth: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
})

/** Wraps the title's link, whoever renders it (a router link or a plain anchor). */
export const link = style({ display: 'block', minWidth: 0 })

globalStyle(`${link} a`, {
  display: 'block',
  minWidth: 0,
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
})

// The whole card below the cover opens the share page.
globalStyle(`${link} a::after`, {
  content: '""',
  position: 'absolute',
  inset: 0,
  zIndex: 1,
  borderRadius: vars.radius.lg,
})

globalStyle(`${link} a:hover`, { color: vars.color.accentText })

globalStyle(`${link} a:focus-visible`, { outline: 'none' })

globalStyle(`${link} a:focus-visible::after`, focusRing)

globalStyle(`${card}[data-state="playing"] ${link} a`, { color: vars.color.accentText })

export const titleText = style({
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
})

export const author = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const stats = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
})

export const stat = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  fontFamily: vars.font.numeric,
  fontVariantNumeric: 'tabular-nums',
})

export const statIcon = style({ fontSize: vars.size.iconSm, color: vars.color.accentText })
