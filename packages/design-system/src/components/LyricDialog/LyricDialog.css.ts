import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

/** A fixed height, so the dialog does not jump as lines change, and never taller than the window. */
const listHeight = `min(52dvh, calc(${vars.size.dialogLyric} * 0.75))`

/**
 * Lines fade out at the top and bottom edges. A mask reads only alpha, so any opaque token works
 * as the "visible" colour here.
 */
const edgeFade = `linear-gradient(to bottom, transparent 0, ${vars.color.text} ${vars.space.xxxl}, ${vars.color.text} calc(100% - ${vars.space.xxxl}), transparent 100%)`

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  // Room for the × in the corner.
  paddingRight: vars.size.controlMd,
})

export const eyebrow = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  letterSpacing: vars.letterSpacing.wide,
  color: vars.color.accentText,
})

export const title = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  paddingRight: 0,
  fontSize: vars.fontSize.xl,
})

const list = style({
  // Lines measure their offsets from the list when it scrolls a line into the middle.
  position: 'relative',
  // The fixed height includes the padding that lets the first and last lines reach the middle.
  boxSizing: 'border-box',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  borderRadius: vars.radius.md,
  textAlign: 'center',
  selectors: {
    '&:focus-visible': focusRing,
  },
})

export const timedList = style([
  list,
  {
    height: listHeight,
    paddingTop: `calc(${listHeight} / 3)`,
    paddingBottom: `calc(${listHeight} / 2)`,
    maskImage: edgeFade,
    scrollbarWidth: 'none',
  },
])

export const plainList = style([
  list,
  {
    maxHeight: listHeight,
    paddingTop: vars.space.sm,
    paddingBottom: vars.space.sm,
  },
])

export const timedLine = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textSubtle,
  transition: [
    `color ${vars.motion.durationBase} ${vars.motion.easeOut}`,
    `font-size ${vars.motion.durationBase} ${vars.motion.easeOut}`,
  ].join(', '),
  selectors: {
    '&[aria-current="true"]': {
      fontSize: vars.fontSize.lg,
      fontWeight: vars.fontWeight.semibold,
      color: vars.color.accentText,
    },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

export const plainLine = style({
  padding: `0 ${vars.space.lg}`,
  fontSize: vars.fontSize.md,
  lineHeight: '2',
  color: vars.color.text,
})

export const empty = style({
  minHeight: `calc(${listHeight} / 1.5)`,
})

export const footer = style({
  display: 'flex',
  justifyContent: 'center',
  paddingTop: vars.space.xs,
})
