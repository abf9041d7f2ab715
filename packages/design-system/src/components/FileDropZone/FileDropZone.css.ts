import { createVar, style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { visuallyHiddenRule } from '../private/styleRules'

export const zone = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} dashed ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  cursor: 'pointer',
  transition: 'border-color 120ms, background-color 120ms',
  selectors: {
    '&:hover, &[data-state="dragging"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
    },
    '&:focus-within': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
    '&[data-state="error"]': { borderColor: vars.color.danger, borderStyle: 'solid' },
    '&[data-state="done"]': { borderStyle: 'solid', borderColor: vars.color.border },
    '&[data-disabled]': { cursor: 'default' },
  },
})

export const input = style(visuallyHiddenRule)

export const preview = style({
  display: 'grid',
  placeItems: 'center',
  width: vars.size.avatarXl,
  height: vars.size.avatarXl,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.accentText,
  fontSize: vars.size.iconLg,
})

export const body = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 })

export const label = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const hint = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
  // Hints wrap on a phone; a long file name breaks anywhere rather than running out.
  overflowWrap: 'anywhere',
})

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger })

export const track = style({
  height: vars.space.xs,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.border,
  overflow: 'hidden',
})

/** The uploaded fraction as a percentage, set by the component. */
export const progressWidth = createVar()

export const bar = style({
  width: progressWidth,
  height: '100%',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  transition: 'width 120ms linear',
})

export const progressRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.xs,
  fontFamily: vars.font.numeric,
  color: vars.color.textMuted,
})
