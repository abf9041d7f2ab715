import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, roundPlayButtonRule } from '../private/styleRules'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  maxWidth: vars.size.containerNarrow,
  marginInline: 'auto',
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.xl}`,
})

/** Cover art large, as a record sleeve: the first thing the eye lands on. */
export const cover = style({
  width: 'min(72vw, 320px)',
  aspectRatio: '1',
  borderRadius: vars.radius.lg,
  objectFit: 'cover',
  boxShadow: vars.shadow.lg,
  backgroundImage: `linear-gradient(150deg, ${vars.color.brandArtStart}, ${vars.color.brandArtEnd})`,
})

export const heading = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xxs,
  textAlign: 'center',
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
})

export const artist = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

/** A window of about five lines; the sung line sits in the middle. */
export const lyrics = style({
  position: 'relative',
  width: '100%',
  height: `calc(5 * ${vars.lineHeight.body} * ${vars.fontSize.md} + 4 * ${vars.space.xs})`,
  margin: 0,
  padding: 0,
  overflowY: 'auto',
  listStyle: 'none',
  textAlign: 'center',
  scrollbarWidth: 'none',
  maskImage: 'linear-gradient(transparent, black 25%, black 75%, transparent)',
  selectors: { '&:focus-visible': focusRing },
})

export const lyricLine = style({
  paddingBlock: vars.space.xxs,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textSubtle,
  transition: `color ${vars.motion.durationBase} ${vars.motion.easeOut}`,
  selectors: {
    '&[data-state="active"]': {
      color: vars.color.accentText,
      fontWeight: vars.fontWeight.semibold,
    },
  },
  '@media': { [mediaQueries.reducedMotion]: { transition: 'none' } },
})

export const plainLyric = style({
  width: '100%',
  maxHeight: `calc(6 * ${vars.lineHeight.body} * ${vars.fontSize.md})`,
  overflowY: 'auto',
  margin: 0,
  whiteSpace: 'pre-line',
  textAlign: 'center',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const noLyric = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const progress = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
})

export const playButton = style({
  ...roundPlayButtonRule,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.controlLg,
  height: vars.size.controlLg,
  selectors: {
    '&:focus-visible': focusRing,
    '&:disabled': { opacity: 0.6, cursor: 'progress' },
  },
})
