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

/**
 * A quiet, round icon button (dialog and toast close, mute): muted glyph, a soft background on
 * hover, the shared focus ring. Callers add position, size of the glyph and disabled rules.
 */
export const quietIconButtonRule = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.controlSm,
  height: vars.size.controlSm,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.size.iconMd,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.durationFast}, color ${vars.motion.durationFast}`,
} as const

/** The hover state of {@link quietIconButtonRule}. */
export const quietIconButtonHover = {
  backgroundColor: vars.color.surfaceHover,
  color: vars.color.text,
} as const

/**
 * The round accent play button (work cards, examples, the stem player): the way to listen is never
 * in doubt. Callers add position, transitions and their hover and disabled rules.
 */
export const roundPlayButtonRule = {
  width: vars.size.playButton,
  height: vars.size.playButton,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  color: vars.color.accentContrast,
  fontSize: vars.size.iconLg,
  boxShadow: vars.shadow.md,
  cursor: 'pointer',
} as const
