import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': {
    [mediaQueries.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [mediaQueries.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
})

const cardBase = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  transitionProperty: 'border-color, background-color, box-shadow',
  transitionDuration: vars.motion.durationFast,
  transitionTimingFunction: vars.motion.easeOut,
  selectors: {
    // The selected card: an accent border drawn inside too, so the grid does not shift by a pixel.
    '&[data-state="checked"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
      boxShadow: `inset 0 0 0 ${vars.borderWidth.thin} ${vars.color.accent}`,
    },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.56 },
  },
})

export const packageCard = style([
  cardBase,
  {
    alignItems: 'stretch',
    textAlign: 'left',
    font: 'inherit',
    cursor: 'pointer',
    selectors: {
      '&:hover:not([data-disabled]):not([data-state="checked"])': {
        borderColor: vars.color.borderStrong,
        boxShadow: vars.shadow.sm,
      },
      '&:focus-visible': focusRing,
    },
  },
])

export const customCard = style([
  cardBase,
  {
    gap: vars.space.sm,
    gridColumn: '1 / -1',
    cursor: 'pointer',
    selectors: {
      '&:hover:not([data-disabled]):not([data-state="checked"])': {
        borderColor: vars.color.borderStrong,
      },
      // The card is not a control, so it does not fade as a whole: its radio and text field fade
      // (disabled controls), and the hint under them stays readable.
      '&[data-disabled]': { opacity: 1 },
    },
    '@media': {
      [mediaQueries.tablet]: { gridColumn: 'auto' },
    },
  },
])

/** The custom card's radio: only its title row, so the text field beside it stays a text field. */
export const customRadio = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.56 },
  },
})

export const cardTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: vars.size.iconMd,
})

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  color: vars.color.accentContrast,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
})

/** A radio dot: a ring when free, filled with a centre dot when chosen. */
export const indicator = style({
  flexShrink: 0,
  width: vars.size.iconSm,
  height: vars.size.iconSm,
  marginLeft: 'auto',
  borderRadius: vars.radius.full,
  border: `${vars.borderWidth.focus} solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceRaised,
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: vars.motion.durationFast,
  selectors: {
    '[data-state="checked"] &': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accent,
      // A ring of the contrast colour inside the border leaves an accent dot in the middle.
      boxShadow: `inset 0 0 0 ${vars.borderWidth.focus} ${vars.color.accentContrast}`,
    },
  },
})

export const points = style({
  display: 'flex',
  alignItems: 'baseline',
  flexWrap: 'wrap',
  columnGap: vars.space.xs,
  marginTop: vars.space.xs,
})

export const pointsNumber = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
})

export const pointsUnit = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const price = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.accentText,
})

export const customTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
})

export const preview = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
})

export const previewNumber = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
})

export const previewEmpty = style({
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.xs,
})
