import { style, styleVariants } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'

export const root = style({
  width: '100%',
  marginLeft: 'auto',
  marginRight: 'auto',
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxxl}`,
  '@media': {
    [mediaQueries.desktop]: {
      paddingTop: vars.space.xxl,
      paddingLeft: vars.space.xl,
      paddingRight: vars.space.xl,
    },
  },
})

export const width = styleVariants({
  narrow: { maxWidth: vars.size.containerNarrow },
  default: { maxWidth: vars.size.container },
  wide: { maxWidth: vars.size.containerWide },
})
