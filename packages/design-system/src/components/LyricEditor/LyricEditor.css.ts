import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { focusRing, visuallyHiddenRule } from '../private/styleRules'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
})

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
})

/** The frame around toolbar, text and footer; it shows focus and errors as a text field does. */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  overflow: 'hidden',
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: vars.motion.durationFast,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:focus-within': {
      borderColor: vars.color.accent,
      boxShadow: `0 0 0 ${vars.borderWidth.focus} ${vars.color.accentSoft}`,
    },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-invalid]:focus-within': {
      boxShadow: `0 0 0 ${vars.borderWidth.focus} ${vars.color.dangerSoft}`,
    },
    // Only the controls fade (disabled controls are exempt from contrast); the section list and the
    // counter below stay readable, since they still describe the words.
    '&[data-disabled]': { backgroundColor: vars.color.surfaceSunken },
  },
})

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: vars.space.xs,
  overflowX: 'auto',
  borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
})

export const tool = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  minHeight: vars.size.controlSm,
  paddingInline: vars.space.md,
  border: 0,
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transitionProperty: 'background-color, color',
  transitionDuration: vars.motion.durationFast,
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': { ...focusRing, outlineOffset: `calc(-1 * ${vars.borderWidth.focus})` },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
})

export const textarea = style({
  display: 'block',
  width: '100%',
  minHeight: `calc(${vars.size.controlLg} * 5)`,
  padding: vars.space.lg,
  border: 0,
  outline: 'none',
  resize: 'vertical',
  background: 'transparent',
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  selectors: {
    '&::placeholder': { color: vars.color.textSubtle, opacity: 1 },
    '&:disabled': { cursor: 'not-allowed', color: vars.color.textMuted },
  },
})

export const footer = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingInline: vars.space.lg,
  paddingBlock: vars.space.sm,
  borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const sections = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  minWidth: 0,
})

export const section = style({
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-tag="chorus"]': {
      backgroundColor: vars.color.accentSoft,
      color: vars.color.accentText,
    },
  },
})

export const structureHint = style({
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textSubtle,
})

export const counter = style({
  flexShrink: 0,
  fontFamily: vars.font.numeric,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  selectors: {
    '&[data-over]': { color: vars.color.danger, fontWeight: vars.fontWeight.semibold },
  },
})

export const error = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.danger,
})

export const visuallyHidden = style(visuallyHiddenRule)
