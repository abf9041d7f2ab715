import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const article = style({
  maxWidth: vars.size.containerNarrow,
  marginInline: 'auto',
  paddingBlock: vars.space.xl,
  '@media': {
    [mediaQueries.belowTablet]: { paddingBlock: vars.space.lg },
  },
})

export const meta = style({
  margin: `0 0 ${vars.space.lg}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const paragraph = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
})

export const contents = style({
  margin: `0 0 ${vars.space.xl}`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
})

export const contentsTitle = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
})

export const contentsList = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
})

export const link = style({
  color: vars.color.accentText,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
})

// A contents entry is a target of its own, not a link inside a sentence: at least 24 px tall
// (WCAG 2.2's target size), where the small text's line alone was 20.
export const contentsLink = style([
  link,
  { display: 'inline-block', minHeight: vars.space.xl, paddingBlock: vars.space.xxs },
])

export const section = style({ marginBottom: vars.space.lg, scrollMarginTop: vars.space.xxxl })

export const sectionHeading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
})

export const related = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: `${vars.space.xl} 0 0`,
  padding: `${vars.space.md} 0 0`,
  borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  '@media': { print: { display: 'none' } },
})

export const cancellation = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
})

export const cancellationForm = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
})
