import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, quietIconButtonRule, visuallyHiddenRule } from '../private/styleRules'

export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.fontSize.sm,
})

export const caption = style(visuallyHiddenRule)

export const headRow = style({
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.xs,
  textAlign: 'left',
})

globalStyle(`${headRow} > th`, {
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  fontWeight: vars.fontWeight.medium,
  borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const row = style({})

globalStyle(`${row} > td`, {
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  verticalAlign: 'middle',
})
globalStyle(`${row} > td:first-child`, {
  borderTopLeftRadius: vars.radius.md,
  borderBottomLeftRadius: vars.radius.md,
})
globalStyle(`${row} > td:last-child`, {
  borderTopRightRadius: vars.radius.md,
  borderBottomRightRadius: vars.radius.md,
})
globalStyle(`${row}:hover > td, ${row}:focus-within > td`, {
  backgroundColor: vars.color.surfaceHover,
})
globalStyle(`${row}[data-playing] > td`, { backgroundColor: vars.color.accentSoft })

export const numberCell = style({
  position: 'relative',
  width: vars.size.controlMd,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
})

export const number = style({
  selectors: {
    [`${row}:hover &, ${row}:focus-within &, ${row}[data-playing] &`]: { visibility: 'hidden' },
  },
})

export const playButton = style({
  ...quietIconButtonRule,
  position: 'absolute',
  inset: 0,
  margin: 'auto',
  color: vars.color.accentText,
  opacity: 0,
  selectors: {
    [`${row}:hover &, ${row}[data-playing] &, &:focus-visible`]: { opacity: 1 },
    '&:focus-visible': focusRing,
  },
})

export const work = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
})

export const cover = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.avatarMd,
  height: vars.size.avatarMd,
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  color: vars.color.textInverse,
  fontWeight: vars.fontWeight.semibold,
})

export const fallback = style({ backgroundColor: vars.color.surfaceSunken })

export const artwork = styleVariants(vars.artwork, (gradient) => ({ backgroundImage: gradient }))

export const meta = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 })

export const title = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    [`${row}[data-playing] &`]: { color: vars.color.accentText },
  },
})

export const artist = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
})

export const note = style({
  marginLeft: vars.space.sm,
  paddingLeft: vars.space.sm,
  borderLeft: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  color: vars.color.textSubtle,
})

export const numeric = style({
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})

export const durationCell = style({ textAlign: 'right' })

export const priceCell = style({ textAlign: 'right' })

/** Plays and price leave room for the title on phones. */
export const wideOnly = style({
  display: 'none',
  '@media': { [mediaQueries.tablet]: { display: 'table-cell' } },
})

globalStyle(`${title} a`, { color: 'inherit', textDecoration: 'none' })
globalStyle(`${title} a:hover`, { textDecoration: 'underline' })
globalStyle(`${title} a:focus-visible`, focusRing)
globalStyle(`${work} > a`, { display: 'inline-flex', textDecoration: 'none' })
