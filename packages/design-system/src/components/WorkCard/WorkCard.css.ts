import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, roundPlayButtonRule } from '../private/styleRules'

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
})

export const cover = style({
  position: 'relative',
  overflow: 'hidden',
  aspectRatio: '1',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
  boxShadow: vars.shadow.sm,
  isolation: 'isolate',
  transition: `box-shadow ${vars.motion.durationBase} ${vars.motion.easeOut}`,
  selectors: {
    [`${card}:hover &`]: { boxShadow: vars.shadow.md },
  },
})

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  transition: `transform ${vars.motion.durationSlow} ${vars.motion.easeOut}`,
  selectors: {
    [`${card}:hover &`]: { transform: 'scale(1.04)' },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

/** The generated cover: a calm gradient with the title's first character, never a grey box. */
export const fallback = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'flex-start',
  width: '100%',
  height: '100%',
  padding: vars.space.md,
  color: vars.color.accentContrast,
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  opacity: 0.95,
})

export const artwork = styleVariants(vars.artwork, (gradient) => ({ backgroundImage: gradient }))

export const tag = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 1,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.scrim,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.heading,
  backdropFilter: `blur(${vars.blur.md})`,
})

export const playButton = style({
  position: 'absolute',
  right: vars.space.sm,
  bottom: vars.space.sm,
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  ...roundPlayButtonRule,
  opacity: 0,
  transform: `translateY(${vars.space.xs})`,
  transition: [
    `opacity ${vars.motion.durationBase} ${vars.motion.easeOut}`,
    `transform ${vars.motion.durationBase} ${vars.motion.easeOut}`,
    `background-color ${vars.motion.durationFast}`,
  ].join(', '),
  selectors: {
    [`${card}:hover &, &:focus-visible, &[data-playing]`]: {
      opacity: 1,
      transform: 'translateY(0)',
    },
    '&:hover': { backgroundColor: vars.color.accentHover },
    '&:focus-visible': focusRing,
  },
  '@media': {
    // Touch screens have no hover, so the button is always there.
    [mediaQueries.hoverNone]: { opacity: 1, transform: 'none' },
  },
})

export const meta = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
})

const singleLine = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const

export const title = style({
  ...singleLine,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
})

export const artistRow = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minWidth: 0,
})

export const artist = style({
  ...singleLine,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const price = style({
  flexShrink: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.accentText,
  fontVariantNumeric: 'tabular-nums',
})

// A linked title (the work's page) reads as the title, underlined on hover.
globalStyle(`${title} a`, { color: 'inherit', textDecoration: 'none' })
globalStyle(`${title} a:hover`, { color: vars.color.accentText })
globalStyle(`${title} a:focus-visible`, focusRing)
globalStyle(`${cover} a`, { color: 'inherit', textDecoration: 'none' })
