import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { item as menuItem } from '../DropdownMenu/DropdownMenu.css'
import { focusRing } from '../private/styleRules'

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.controlSm,
  paddingInline: vars.space.md,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:focus-visible': focusRing,
    '&[data-state="open"]': { borderColor: vars.color.accent },
  },
})

export const triggerLabel = style({ color: vars.color.textMuted })

export const chevron = style({ fontSize: vars.size.iconSm, color: vars.color.textMuted })

export const item = style([
  menuItem,
  { selectors: { '&[data-state="checked"]': { fontWeight: vars.fontWeight.semibold } } },
])

export const check = style({ color: vars.color.accent })
