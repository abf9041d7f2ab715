import { globalStyle } from '@vanilla-extract/css'
import { vars } from './vars.css'

/** Base document styles. They read the theme variables, so the theme class must sit on `<html>`. */
globalStyle('*, *::before, *::after', {
  boxSizing: 'border-box',
})

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
})

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textRendering: 'optimizeLegibility',
})

globalStyle('h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd', {
  margin: 0,
})

globalStyle('img, svg, video', {
  display: 'block',
  maxWidth: '100%',
})

globalStyle('button, input, textarea, select', {
  font: 'inherit',
  color: 'inherit',
})

globalStyle('::selection', {
  backgroundColor: vars.color.accentSoft,
  color: vars.color.text,
})
