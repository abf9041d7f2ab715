import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { pageWidthAttribute } from '../private/pageWidth'
import * as styles from './PageContainer.css'

export const pageContainerWidths = ['narrow', 'default', 'wide'] as const
export type PageContainerWidth = (typeof pageContainerWidths)[number]

export interface PageContainerProps extends ComponentPropsWithRef<'div'> {
  /** narrow for reading (legal pages, forms), default for most pages, wide for dense grids. */
  width?: PageContainerWidth
}

/** Centres a page's content with the standard width and gutters. */
export function PageContainer({ width = 'default', className, ...props }: PageContainerProps) {
  return (
    <div
      className={clsx(styles.root, styles.width[width], className)}
      {...{ [pageWidthAttribute]: width }}
      {...props}
    />
  )
}
PageContainer.displayName = 'PageContainer'
