import { vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const article = style({
  maxWidth: vars.size.containerNarrow,
  paddingBlock: vars.space.xl,
})

export const paragraph = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
})
