import { createVar, keyframes, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { visuallyHiddenRule } from '../private/styleRules'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  minWidth: 0,
})

export const stateText = style({
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  selectors: {
    [`${root}[data-state="succeeded"] &`]: { color: vars.color.success },
  },
})

export const detail = style({ color: vars.color.textMuted })

export const percent = style({
  fontFamily: vars.font.numeric,
  fontVariantNumeric: 'tabular-nums',
})

const breathe = keyframes({
  '0%': { opacity: 1 },
  '50%': { opacity: 0.35 },
  '100%': { opacity: 1 },
})

/** A small breathing dot while queued or running: something is happening, calmly. */
export const dot = style({
  flexShrink: 0,
  width: vars.space.sm,
  height: vars.space.sm,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  animation: `${breathe} calc(${vars.motion.durationSpin} * 2) ${vars.motion.easeInOut} infinite`,
  selectors: {
    [`${root}[data-state="queued"] &`]: { backgroundColor: vars.color.textSubtle },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { animation: 'none' },
  },
})

export const icon = style({
  flexShrink: 0,
  fontSize: vars.size.iconSm,
  color: vars.color.success,
})

export const track = style({
  position: 'relative',
  height: vars.space.xs,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.border,
  overflow: 'hidden',
})

/** The created fraction as a percentage, set by the component. */
export const progressWidth = createVar()

export const bar = style({
  width: progressWidth,
  height: '100%',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  transition: `width ${vars.motion.durationSlow} ${vars.motion.easeOut}`,
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  margin: 0,
  color: vars.color.danger,
  overflowWrap: 'anywhere',
})

export const errorIcon = style({
  flexShrink: 0,
  // Centres the glyph on the first line of the message.
  marginBlock: `calc((1em * ${vars.lineHeight.body} - ${vars.size.iconSm}) / 2)`,
  fontSize: vars.size.iconSm,
})

export const actions = style({ display: 'flex' })

export const visuallyHidden = style(visuallyHiddenRule)
