import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles'
import { mediaQueries } from '../themes/breakpoints'
import { vars } from '../themes/vars.css'

/** Layout atoms for page composition in the app, responsive from phone to desktop. */
const layoutProperties = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': mediaQueries.tablet },
    desktop: { '@media': mediaQueries.desktop },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'block', 'flex', 'grid', 'inline-flex'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
  },
})

const textProperties = defineProperties({
  properties: {
    color: {
      text: vars.color.text,
      muted: vars.color.textMuted,
      subtle: vars.color.textSubtle,
      accent: vars.color.accentText,
      danger: vars.color.danger,
      success: vars.color.success,
    },
    fontSize: vars.fontSize,
    fontWeight: vars.fontWeight,
    lineHeight: vars.lineHeight,
    textAlign: ['left', 'center', 'right'],
  },
})

export const sprinkles = createSprinkles(layoutProperties, textProperties)
export type Sprinkles = Parameters<typeof sprinkles>[0]
