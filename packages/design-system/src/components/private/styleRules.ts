import { vars } from '../../themes/vars.css'

/** The one keyboard focus outline, shared so every control shows focus the same way. */
export const focusRing = {
  outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
  outlineOffset: vars.borderWidth.focus,
} as const

/** Hides content visually while keeping it for screen readers. */
export const visuallyHiddenRule = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const
