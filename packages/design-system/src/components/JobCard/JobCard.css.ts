import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, quietIconButtonHover, quietIconButtonRule } from '../private/styleRules'

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.sm,
  '@media': {
    [mediaQueries.tablet]: { padding: vars.space.xl },
  },
})

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minWidth: 0,
})

export const heading = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  flex: 1,
  minWidth: 0,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
  overflowWrap: 'anywhere',
})

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
})

export const metaItem = style({
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    // A quiet dot between items that share a line.
    '& + &::before': {
      content: '"·"',
      marginInlineEnd: vars.space.sm,
      color: vars.color.textSubtle,
    },
  },
})

export const moreButton = style({
  ...quietIconButtonRule,
  marginBlockStart: `calc(-1 * ${vars.space.xs})`,
  marginInlineEnd: `calc(-1 * ${vars.space.xs})`,
  selectors: {
    '&:hover, &[data-state="open"]': quietIconButtonHover,
    '&:focus-visible': focusRing,
  },
})

export const summary = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
  // Long prompts and lyrics stay a short preview; the full text is the page's business.
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 3,
  overflow: 'hidden',
})

export const results = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const result = style({
  display: 'grid',
  gridTemplateColumns: `${vars.size.avatarXl} minmax(0, 1fr)`,
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
  padding: vars.space.sm,
  marginInline: `calc(-1 * ${vars.space.sm})`,
  borderRadius: vars.radius.md,
  transition: `background-color ${vars.motion.durationFast} ${vars.motion.easeOut}`,
  selectors: {
    '&:hover, &[data-state="playing"]': { backgroundColor: vars.color.surfaceHover },
  },
  '@media': {
    [mediaQueries.tablet]: {
      gridTemplateColumns: `${vars.size.avatarXl} minmax(0, 1fr) auto`,
    },
  },
})

export const cover = style({
  gridRow: 'span 2',
  width: vars.size.avatarXl,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.sm,
  '@media': {
    [mediaQueries.tablet]: { gridRow: 'auto' },
  },
})

export const playButton = style({
  position: 'absolute',
  inset: 0,
  zIndex: 1,
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  padding: 0,
  border: 0,
  borderRadius: 'inherit',
  backgroundColor: 'transparent',
  color: vars.color.accentContrast,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { ...focusRing, outlineOffset: `calc(-1 * ${vars.borderWidth.focus})` },
  },
})

/** The round disc inside the play button: accent, so the way to listen is never in doubt. */
export const playDisc = style({
  display: 'grid',
  placeItems: 'center',
  width: vars.size.controlMd,
  height: vars.size.controlMd,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  fontSize: vars.size.iconMd,
  boxShadow: vars.shadow.md,
  transition: `transform ${vars.motion.durationFast} ${vars.motion.easeOut}, background-color ${vars.motion.durationFast}`,
  selectors: {
    [`${playButton}:hover &`]: {
      backgroundColor: vars.color.accentHover,
      transform: 'scale(1.06)',
    },
    [`${playButton}:active &`]: { transform: 'scale(0.96)' },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

export const resultBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
})

export const nameRow = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.sm,
  minWidth: 0,
})

export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
  selectors: {
    [`${result}[data-state="playing"] &`]: { color: vars.color.accentText },
  },
})

export const role = style({
  flexShrink: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
})

export const resultMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
})

export const duration = style({
  fontFamily: vars.font.numeric,
  fontVariantNumeric: 'tabular-nums',
})

export const playingText = style({ color: vars.color.accentText })

export const liveText = style({ color: vars.color.textMuted })

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  // On a phone the actions sit under the name, beside the cover.
  gridColumn: '2',
  '@media': {
    [mediaQueries.tablet]: { gridColumn: 'auto', justifyContent: 'flex-end' },
  },
})

export const actionIcon = style({ fontSize: vars.size.iconSm })

/** A failed action on a result (its deposit refused), under the whole row. */
export const resultError = style({
  gridColumn: '1 / -1',
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.danger,
})
