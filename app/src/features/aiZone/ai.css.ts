import { mediaQueries, vars } from '@gy/design-system'
import { globalStyle, style } from '@vanilla-extract/css'

// Layout of the AI creation zone's pages. Phones first: one column; the form and its job sit side
// by side from the desktop breakpoint.

export const page = style({ display: 'grid', gap: vars.space.xl, minWidth: 0 })

export const headerRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  flexWrap: 'wrap',
})

export const workspace = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': {
    [mediaQueries.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  },
})

export const panel = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.xl,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  minWidth: 0,
  '@media': { [mediaQueries.tablet]: { padding: vars.space.xl } },
})

export const stack = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })

export const field = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 })

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
})

export const spread = style([row, { justifyContent: 'space-between' }])

export const centered = style([row, { justifyContent: 'center' }])

export const muted = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const fieldLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
})

export const fieldError = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
})

export const counter = style({
  fontSize: vars.fontSize.xs,
  fontFamily: vars.font.numeric,
  color: vars.color.textMuted,
  selectors: { '&[data-over]': { color: vars.color.danger } },
})

export const textarea = style({
  width: '100%',
  minHeight: '8em',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  resize: 'vertical',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
})

export const chips = style({
  display: 'flex',
  gap: vars.space.xs,
  flexWrap: 'wrap',
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const chip = style({
  maxWidth: '100%',
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xs,
  borderRadius: vars.radius.full,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, color: vars.color.text },
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
  },
})

/** A checkbox shown as a switch (role="switch"): the native input stays, so keys work. */
export const switchLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
})

export const switchInput = style({
  appearance: 'none',
  position: 'relative',
  flexShrink: 0,
  width: vars.size.controlMd,
  height: vars.size.iconMd,
  margin: 0,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.borderStrong,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.durationFast} ${vars.motion.easeOut}`,
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      insetBlock: vars.borderWidth.focus,
      insetInlineStart: vars.borderWidth.focus,
      aspectRatio: '1',
      borderRadius: vars.radius.full,
      backgroundColor: vars.color.surface,
      boxShadow: vars.shadow.sm,
      transition: `transform ${vars.motion.durationFast} ${vars.motion.easeOut}`,
    },
    '&:checked': { backgroundColor: vars.color.accent },
    '&:checked::after': { transform: 'translateX(100%)' },
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
  },
  '@media': { [mediaQueries.reducedMotion]: { transition: 'none' } },
})

export const slider = style({
  width: '100%',
  accentColor: vars.color.accent,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
  },
})

export const sliderValue = style({
  fontFamily: vars.font.numeric,
  fontSize: vars.fontSize.sm,
  color: vars.color.accentText,
})

export const sliders = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaQueries.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
})

export const fields = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaQueries.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
})

/** The cost of a job, the balance, and a top-up link when the balance is short. */
export const cost = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
})

export const costValue = style({
  fontFamily: vars.font.numeric,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.accentText,
})

export const short = style({ color: vars.color.warning, fontWeight: vars.fontWeight.medium })

export const submitRow = style([
  row,
  { '@media': { [mediaQueries.belowTablet]: { flexDirection: 'column', alignItems: 'stretch' } } },
])

/** A link inside running text, keyboard-visible. */
export const textLink = style({
  color: vars.color.accentText,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  overflowWrap: 'anywhere',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
      borderRadius: vars.radius.sm,
    },
  },
})

export const alert = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
})

// ---------------------------------------------------------------------------------------------
// The creation centre

export const balanceBar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
  padding: vars.space.lg,
  borderRadius: vars.radius.xl,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  background: `linear-gradient(120deg, ${vars.color.accentSoft}, ${vars.color.surfaceRaised})`,
})

export const balanceValue = style({
  fontFamily: vars.font.numeric,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
})

export const tools = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [mediaQueries.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
})

export const tool = style({
  display: 'grid',
  gridTemplateRows: 'auto auto 1fr auto',
  gap: vars.space.md,
  height: '100%',
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
})

export const toolTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
})

export const toolCost = style({
  justifySelf: 'start',
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentText,
  fontSize: vars.fontSize.xs,
  fontFamily: vars.font.numeric,
  fontWeight: vars.fontWeight.medium,
})

export const toolActions = style({ display: 'grid', gap: vars.space.sm })

export const modes = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaQueries.wide]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

export const mode = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.accent, boxShadow: vars.shadow.sm },
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
  },
})

export const modeName = style({
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.accentText,
})

// ---------------------------------------------------------------------------------------------
// Lists: examples, the history, the songs to choose from

export const cards = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const jobs = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [mediaQueries.wide]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

// A row of a list (a song to choose, a shared work): art, name and actions side by side where the
// row is wide enough, the actions on a line of their own where it is not. Each list item is a
// size container, so this follows the row's width, not the screen's.
globalStyle(`${cards} > li`, { containerType: 'inline-size' })

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'center',
  height: '100%',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  '@container': {
    '(min-width: 480px)': { gridTemplateColumns: 'auto minmax(0, 1fr) auto' },
  },
})

export const itemActions = style({
  display: 'flex',
  gap: vars.space.xs,
  flexWrap: 'wrap',
  gridColumn: '1 / -1',
  justifyContent: 'flex-end',
  '@container': { '(min-width: 480px)': { gridColumn: 'auto' } },
})

export const thumb = style({
  display: 'grid',
  placeItems: 'center',
  width: vars.size.avatarLg,
  height: vars.size.avatarLg,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.artwork.plum,
  color: vars.color.textInverse,
})

export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover' })

export const itemBody = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 })

export const itemTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  fontWeight: vars.fontWeight.semibold,
})

export const ellipsis = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const itemMeta = style([
  ellipsis,
  { fontSize: vars.fontSize.xs, color: vars.color.textMuted },
])

/** A share link shown under a result, to copy by hand when the clipboard refused. */
export const shareLinks = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
})

export const shareLinkRow = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'baseline',
  flexWrap: 'wrap',
  minWidth: 0,
})

export const jobBlock = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })

export const searchForm = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
})

globalStyle(`${searchForm} > :first-child`, { flex: '1 1 16em', minWidth: 0 })

export const chosen = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.accent}`,
  backgroundColor: vars.color.accentSoft,
})

export const or = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&::before, &::after': {
      content: '""',
      flex: 1,
      borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    },
  },
})

export const center = style({
  display: 'grid',
  placeItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.xxl,
})

export const sharePage = style({
  display: 'grid',
  gap: vars.space.xl,
  justifyItems: 'stretch',
})
