import { style, styleVariants } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { skeleton as skeletonBase } from '../private/skeleton.css'
import { visuallyHiddenRule } from '../private/styleRules'

export const root = style({
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
})

/** On a tablet or wider the five columns may still outgrow a narrow container: scroll sideways. */
export const scroller = style({
  overflowX: 'auto',
})

/*
 * Phones get each record as a two-line block (title and amount, then kind, time and balance) by
 * laying the rows out as grids; tablets and up get the ordinary table. The component sets explicit
 * table roles because a browser drops the implicit ones of rows whose display changes.
 */
export const table = style({
  display: 'block',
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
  '@media': {
    [mediaQueries.tablet]: { display: 'table' },
  },
})

export const caption = style(visuallyHiddenRule)

export const head = style({
  display: 'none',
  '@media': {
    [mediaQueries.tablet]: { display: 'table-header-group' },
  },
})

export const body = style({
  display: 'block',
  '@media': {
    [mediaQueries.tablet]: { display: 'table-row-group' },
  },
})

export const headerRow = style({
  '@media': {
    [mediaQueries.tablet]: { display: 'table-row' },
  },
})

export const headerCell = style({
  paddingBlock: vars.space.md,
  paddingInline: vars.space.lg,
  backgroundColor: vars.color.surfaceSunken,
  borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  letterSpacing: vars.letterSpacing.wide,
  textAlign: 'left',
  whiteSpace: 'nowrap',
  selectors: {
    // The header's corners follow the rounded frame around the table.
    '&:first-child': { borderTopLeftRadius: vars.radius.lg },
    '&:last-child': { borderTopRightRadius: vars.radius.lg },
  },
})

/** Headers line up with their numbers: the amount and balance columns read from the right. */
export const headerAlign = styleVariants({
  time: {},
  kind: {},
  title: {},
  amount: { textAlign: 'right' },
  balanceAfter: { textAlign: 'right' },
})

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gridTemplateAreas: '"title title amount" "kind time balance"',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xs,
  paddingBlock: vars.space.md,
  paddingInline: vars.space.lg,
  selectors: {
    '&:not(:last-child)': { borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}` },
  },
  '@media': {
    [mediaQueries.tablet]: { display: 'table-row', padding: 0 },
  },
})

export const cell = style({
  display: 'block',
  minWidth: 0,
  '@media': {
    [mediaQueries.tablet]: {
      display: 'table-cell',
      paddingBlock: vars.space.md,
      paddingInline: vars.space.lg,
      verticalAlign: 'middle',
    },
  },
})

export const column = styleVariants({
  time: {
    gridArea: 'time',
    whiteSpace: 'nowrap',
    color: vars.color.textMuted,
    fontSize: vars.fontSize.xs,
    fontVariantNumeric: 'tabular-nums',
    '@media': { [mediaQueries.tablet]: { fontSize: 'inherit' } },
  },
  kind: { gridArea: 'kind', whiteSpace: 'nowrap' },
  title: {
    gridArea: 'title',
    overflowWrap: 'anywhere',
    fontWeight: vars.fontWeight.medium,
    '@media': { [mediaQueries.tablet]: { width: '100%', fontWeight: 'inherit' } },
  },
  amount: {
    gridArea: 'amount',
    textAlign: 'right',
    whiteSpace: 'nowrap',
    fontSize: vars.fontSize.md,
    fontVariantNumeric: 'tabular-nums',
    '@media': { [mediaQueries.tablet]: { fontSize: 'inherit' } },
  },
  balanceAfter: {
    gridArea: 'balance',
    textAlign: 'right',
    whiteSpace: 'nowrap',
    color: vars.color.textMuted,
    fontSize: vars.fontSize.xs,
    fontVariantNumeric: 'tabular-nums',
    '@media': { [mediaQueries.tablet]: { color: vars.color.text, fontSize: 'inherit' } },
  },
})

/** Names the balance on a phone, where there is no column header above it. */
export const inlineLabel = style({
  marginRight: vars.space.xs,
  '@media': {
    [mediaQueries.tablet]: { display: 'none' },
  },
})

export const kindTag = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
})

export const kindTone = styleVariants({
  topup: { backgroundColor: vars.color.successSoft, color: vars.color.success },
  spend: { backgroundColor: vars.color.surfaceSunken, color: vars.color.textMuted },
  refund: { backgroundColor: vars.color.infoSoft, color: vars.color.info },
  grant: { backgroundColor: vars.color.accentSoft, color: vars.color.accentText },
})

export const amountTone = styleVariants({
  gain: { color: vars.color.success, fontWeight: vars.fontWeight.semibold },
  loss: { color: vars.color.text, fontWeight: vars.fontWeight.semibold },
  none: { color: vars.color.textMuted },
})

/** As tall as a line of the table's text, so rows keep their height when the records arrive. */
export const skeleton = style([
  skeletonBase,
  {
    height: vars.fontSize.sm,
    marginBlock: `calc((${vars.fontSize.sm} * ${vars.lineHeight.heading} - ${vars.fontSize.sm}) / 2)`,
  },
])

export const skeletonWidth = styleVariants({
  time: { width: `calc(${vars.fontSize.sm} * 8)` },
  kind: { width: `calc(${vars.fontSize.xs} * 3.5)`, borderRadius: vars.radius.full },
  title: { width: '60%' },
  amount: { width: `calc(${vars.fontSize.sm} * 3)`, marginLeft: 'auto' },
  balanceAfter: { width: `calc(${vars.fontSize.sm} * 4)`, marginLeft: 'auto' },
})
