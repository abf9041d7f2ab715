import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { visuallyHiddenRule } from '../private/styleRules'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.xl,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
})

export const steps = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const step = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  selectors: {
    // The line to the next step; it turns green once this step is done.
    '&:not(:last-child)': { flex: 1 },
    '&:not(:last-child)::after': {
      content: '""',
      flex: 1,
      minWidth: vars.space.lg,
      height: vars.borderWidth.focus,
      borderRadius: vars.radius.full,
      backgroundColor: vars.color.border,
    },
    '&[data-state="complete"]::after': { backgroundColor: vars.color.success },
    '&[data-state="complete"]': { color: vars.color.text },
    '&[data-state="current"]': { color: vars.color.text, fontWeight: vars.fontWeight.semibold },
    '&[data-state="failed"]': { color: vars.color.danger, fontWeight: vars.fontWeight.semibold },
  },
})

export const marker = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.iconLg,
  height: vars.size.iconLg,
  fontSize: vars.size.iconLg,
  lineHeight: 1,
  selectors: {
    [`${step}[data-state="complete"] &`]: { color: vars.color.success },
    [`${step}[data-state="failed"] &`]: { color: vars.color.danger },
  },
})

export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  width: vars.size.iconLg,
  height: vars.size.iconLg,
  borderRadius: vars.radius.full,
  border: `${vars.borderWidth.focus} solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textSubtle,
})

export const stepLabel = style({
  lineHeight: vars.lineHeight.tight,
})

export const status = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  textAlign: 'center',
})

export const statusIcon = style({
  display: 'inline-flex',
  fontSize: vars.size.iconXl,
})

export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
})

export const summaryRow = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.md,
})

export const summaryLabel = style({
  color: vars.color.textMuted,
})

export const summaryValue = style({
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
  textAlign: 'right',
})

export const visuallyHidden = style(visuallyHiddenRule)
