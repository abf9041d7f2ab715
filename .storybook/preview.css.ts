import { globalStyle } from '@vanilla-extract/css'

/**
 * Frozen motion for stable screenshots: with animations and transitions off, every story renders
 * its final frame at once (dialogs open, toasts in place, spinners still).
 */
globalStyle(
  'html[data-motion="frozen"] *, html[data-motion="frozen"] *::before, html[data-motion="frozen"] *::after',
  {
    animation: 'none !important',
    transition: 'none !important',
  },
)
