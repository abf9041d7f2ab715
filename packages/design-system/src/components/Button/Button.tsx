import { clsx } from 'clsx'
import { Slot } from 'radix-ui'
import type { ComponentPropsWithRef } from 'react'
import { strings } from '../../strings'
import { Spinner } from '../Spinner/Spinner'
import * as styles from './Button.css'

export const buttonVariants = ['primary', 'secondary', 'ghost', 'text'] as const
export type ButtonVariant = (typeof buttonVariants)[number]

export const buttonSizes = ['sm', 'md', 'lg'] as const
export type ButtonSize = (typeof buttonSizes)[number]

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  fullWidth?: boolean
  /** Shows a spinner in place of the label and refuses clicks, keeping the button's width. */
  loading?: boolean
  /** Read to screen readers while loading; defaults to 加载中. */
  loadingLabel?: string
  /**
   * Renders the single child (for example a router link) with the button's look instead of a
   * `<button>`. The child keeps its own content, so `loading` shows no spinner in this mode.
   */
  asChild?: boolean
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  loadingLabel = strings.loading,
  asChild = false,
  disabled,
  type = 'button',
  className,
  children,
  onClick,
  ...props
}: ButtonProps) {
  const classes = clsx(styles.button({ variant, size, fullWidth }), className)
  const loadingAttributes = loading ? { 'data-loading': '', 'aria-busy': true } : {}

  if (asChild) {
    return (
      <Slot.Root
        className={classes}
        aria-disabled={disabled || loading || undefined}
        onClick={disabled || loading ? (event) => event.preventDefault() : onClick}
        {...loadingAttributes}
        {...props}
      >
        {children}
      </Slot.Root>
    )
  }

  return (
    <button
      type={type}
      className={classes}
      disabled={disabled}
      // While loading the button stays focusable (so focus is not lost mid-submit) but inert.
      aria-disabled={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...loadingAttributes}
      {...props}
    >
      <span className={styles.label}>{children}</span>
      {loading ? <Spinner size="sm" label={loadingLabel} className={styles.spinner} /> : null}
    </button>
  )
}
Button.displayName = 'Button'
