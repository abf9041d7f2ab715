import { globalStyle, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  '@media': {
    [mediaQueries.tablet]: {
      gridTemplateColumns: 'minmax(0, 1.15fr) minmax(0, 1fr)',
      minHeight: vars.size.dialogLoginMinHeight,
    },
  },
})

/** The brand half: a record spinning in warm light, drawn entirely in CSS. */
export const art = style({
  position: 'relative',
  display: 'none',
  overflow: 'hidden',
  padding: vars.space.xxl,
  color: vars.color.accentContrast,
  backgroundColor: vars.color.brandArtStart,
  backgroundImage: [
    `radial-gradient(circle at 85% 15%, ${vars.color.brandArtGlow} 0%, transparent 45%)`,
    `linear-gradient(150deg, ${vars.color.brandArtStart} 10%, ${vars.color.brandArtEnd} 120%)`,
  ].join(', '),
  '@media': {
    [mediaQueries.tablet]: {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
    },
  },
})

export const artBrand = style({
  position: 'relative',
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: vars.letterSpacing.wide,
})

export const artMark = style({
  fontSize: vars.size.brandMark,
  color: vars.color.accent,
})

/** Concentric grooves of a record, partly outside the panel so it reads as large. */
export const record = style({
  position: 'absolute',
  right: '-18%',
  top: '50%',
  width: '78%',
  aspectRatio: '1',
  transform: 'translateY(-58%)',
  borderRadius: vars.radius.full,
  backgroundImage: [
    // The label in the middle, with its spindle hole.
    `radial-gradient(circle, ${vars.color.brandArtStart} 0 2%, ${vars.color.brandArtEnd} 2.5% 14%, ${vars.color.brandArtStart} 14.5% 16%, transparent 16.5%)`,
    // The grooves.
    `repeating-radial-gradient(circle, ${vars.color.brandArtGroove} 0 ${vars.borderWidth.thin}, transparent ${vars.borderWidth.thin} ${vars.space.sm})`,
    `radial-gradient(circle, ${vars.color.brandArtVinyl} 0 100%)`,
  ].join(', '),
  boxShadow: vars.shadow.lg,
  opacity: 0.9,
})

export const artCopy = style({
  position: 'relative',
  zIndex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

export const tagline = style({
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: vars.letterSpacing.wide,
})

export const artCaption = style({
  fontSize: vars.fontSize.md,
  opacity: 0.78,
  letterSpacing: vars.letterSpacing.wide,
})

/** A row of equaliser bars under the tagline. */
export const bars = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.xs,
  height: vars.space.xxl,
})

export const bar = style({
  width: vars.space.xs,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentContrast,
  opacity: 0.7,
  selectors: {
    '&:nth-child(3n + 1)': { height: '40%' },
    '&:nth-child(3n + 2)': { height: '100%' },
    '&:nth-child(3n)': { height: '65%' },
    '&:nth-child(4n)': { height: '30%' },
  },
})

export const formPanel = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: vars.space.xl,
  padding: `${vars.space.xxxl} ${vars.space.xl} ${vars.space.xl}`,
  '@media': {
    [mediaQueries.tablet]: { padding: `${vars.space.xxxl} ${vars.space.xxxl}` },
  },
})

/** The form in a bottom sheet: the sheet gives the edges, the form keeps its rhythm. */
export const sheetPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBlock: vars.space.sm,
})

export const heading = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
})

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  paddingRight: 0,
})

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})

export const smsButton = style({
  minWidth: vars.size.smsButton,
  fontVariantNumeric: 'tabular-nums',
})

export const agreement = style({
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
  textAlign: 'center',
})

export const agreementLink = style({})

// Underlined, not only coloured: the muted sentence and the accent link are too close in
// lightness to tell apart by colour alone (WCAG 1.4.1).
globalStyle(`${agreementLink} a`, {
  color: vars.color.accentText,
  textDecoration: 'underline',
  borderRadius: vars.radius.sm,
})

globalStyle(`${agreementLink} a:hover`, { textDecorationThickness: vars.borderWidth.focus })
globalStyle(`${agreementLink} a:focus-visible`, focusRing)
