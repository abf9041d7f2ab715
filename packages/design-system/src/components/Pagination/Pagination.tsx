import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { formatPoints } from '../private/pointsFormat'
import * as styles from './Pagination.css'
import { paginationStrings } from '../../strings'

/** A gap in the page list, drawn as "…". */
export const PAGE_GAP = 'gap'
export type PaginationItem = number | typeof PAGE_GAP

/** How many pages a list of `total` items fills, at least one so page 1 always exists. */
export function pageCountFor(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * The pages to show: always the first and last, the current one with `siblings` either side, and a
 * gap where pages are left out. A gap would hide a single page, so that page shows instead; the
 * list therefore keeps the same length while the current page moves through the middle.
 */
export function paginationItems(page: number, pageCount: number, siblings = 1): PaginationItem[] {
  const current = Math.min(Math.max(1, page), pageCount)
  // first + last + current + siblings + two gaps
  const fullLength = 2 * siblings + 5
  if (pageCount <= fullLength) return range(1, pageCount)

  const leftSibling = Math.max(current - siblings, 1)
  const rightSibling = Math.min(current + siblings, pageCount)
  const showLeftGap = leftSibling > 3
  const showRightGap = rightSibling < pageCount - 2
  // Pages on the open side of a single gap: enough to keep the list at full length.
  const edgeCount = 2 * siblings + 3

  if (!showLeftGap && showRightGap) return [...range(1, edgeCount), PAGE_GAP, pageCount]
  if (showLeftGap && !showRightGap)
    return [1, PAGE_GAP, ...range(pageCount - edgeCount + 1, pageCount)]
  return [1, PAGE_GAP, ...range(leftSibling, rightSibling), PAGE_GAP, pageCount]
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index)
}

export interface PaginationProps extends Omit<ComponentPropsWithRef<'nav'>, 'onChange'> {
  /** The current page, counted from 1. */
  page: number
  pageSize: number
  /** Number of items in the whole list. */
  total: number
  onPageChange: (page: number) => void
  /** Pages shown either side of the current one. */
  siblings?: number
}

/** Previous / next, page numbers with gaps, and the total count of a paged list. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  siblings = 1,
  className,
  ...props
}: PaginationProps) {
  const pageCount = pageCountFor(total, pageSize)
  const current = Math.min(Math.max(1, page), pageCount)
  const items = paginationItems(current, pageCount, siblings)

  const goTo = (target: number) => {
    if (target !== current && target >= 1 && target <= pageCount) onPageChange(target)
  }

  return (
    <nav
      aria-label={paginationStrings.navigation}
      className={clsx(styles.root, className)}
      {...props}
    >
      <p className={styles.total}>{paginationStrings.total(formatPoints(total))}</p>
      <ul className={styles.list}>
        <li>
          <button
            type="button"
            className={styles.stepButton}
            disabled={current <= 1}
            onClick={() => goTo(current - 1)}
          >
            {paginationStrings.previous}
          </button>
        </li>
        <li className={styles.compactPosition}>
          <span aria-hidden="true">
            {current} / {pageCount}
          </span>
          <span className={styles.visuallyHidden}>
            {paginationStrings.position(current, pageCount)}
          </span>
        </li>
        {items.map((item, index) =>
          item === PAGE_GAP ? (
            // Gaps have no identity of their own; the one before the current page comes first.
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item} className={styles.pageItem}>
              <button
                type="button"
                className={styles.pageButton}
                aria-label={paginationStrings.page(item)}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => goTo(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.stepButton}
            disabled={current >= pageCount}
            onClick={() => goTo(current + 1)}
          >
            {paginationStrings.next}
          </button>
        </li>
      </ul>
    </nav>
  )
}
Pagination.displayName = 'Pagination'
