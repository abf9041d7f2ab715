import { clsx } from 'clsx'
import { Children, type ComponentPropsWithRef } from 'react'
import * as styles from './WorkGrid.css'

export type WorkGridProps = ComponentPropsWithRef<'ul'>

/** A responsive grid of cards; each child becomes a list item, so readers hear how many works. */
export function WorkGrid({ className, children, ...props }: WorkGridProps) {
  return (
    <ul className={clsx(styles.grid, className)} {...props}>
      {Children.map(children, (child) => (child == null ? null : <li>{child}</li>))}
    </ul>
  )
}
WorkGrid.displayName = 'WorkGrid'
