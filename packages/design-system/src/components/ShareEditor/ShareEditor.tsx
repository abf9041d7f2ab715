import { clsx } from 'clsx'
import { useId } from 'react'
import * as styles from './ShareEditor.css'

export interface ShareEditorRow {
  id: string
  name: string
  /** A second line under the name, e.g. 自然人 · 居民身份证. */
  detail?: string
  /** Whole percent, 0 while the user has not typed one. */
  share: number
}

export interface ShareEditorLabels {
  share: string
  remove: string
  total: string
  split: string
}

const DEFAULT_LABELS: ShareEditorLabels = {
  share: '份额',
  remove: '移除',
  total: '合计',
  split: '平均分配',
}

export interface ShareEditorProps {
  rows: readonly ShareEditorRow[]
  onShareChange: (id: string, share: number) => void
  onRemove?: (id: string) => void
  /** Sets all shares at once (the 平均分配 button). */
  onSplitEvenly?: (shares: Record<string, number>) => void
  /** The server's or the form's message about the shares. */
  error?: string | undefined
  labels?: Partial<ShareEditorLabels>
  disabled?: boolean
  className?: string
}

/** Whole percents for `count` owners, summing to 100: the first ones take the remainder. */
export function evenShares(count: number): number[] {
  if (count <= 0) return []
  const base = Math.floor(100 / count)
  return Array.from({ length: count }, (_, index) => base + (index < 100 - base * count ? 1 : 0))
}

/**
 * The owners of a work with their shares in whole percents, and their total, which must be 100:
 * the total shows as complete (green) or not (red) as the user types.
 */
export function ShareEditor({
  rows,
  onShareChange,
  onRemove,
  onSplitEvenly,
  error,
  labels,
  disabled = false,
  className,
}: ShareEditorProps) {
  const text = { ...DEFAULT_LABELS, ...labels }
  const errorId = useId()
  const total = rows.reduce((sum, row) => sum + row.share, 0)
  const complete = total === 100
  return (
    <div className={clsx(styles.editor, className)}>
      <ul className={styles.list}>
        {rows.map((row) => (
          <li key={row.id} className={styles.row}>
            <span className={styles.name}>
              {row.name}
              {row.detail === undefined ? null : (
                <span className={styles.detail}>{row.detail}</span>
              )}
            </span>
            <label className={styles.shareBox}>
              <input
                className={styles.shareInput}
                inputMode="numeric"
                aria-label={`${row.name} ${text.share}`}
                aria-invalid={error !== undefined && !complete}
                aria-describedby={error === undefined ? undefined : errorId}
                value={row.share === 0 ? '' : String(row.share)}
                disabled={disabled}
                onChange={(event) => {
                  const digits = event.target.value.replace(/\D/g, '').slice(0, 3)
                  onShareChange(row.id, Math.min(Number(digits || '0'), 100))
                }}
              />
              %
            </label>
            {onRemove === undefined ? (
              <span />
            ) : (
              <button
                type="button"
                className={styles.remove}
                disabled={disabled}
                aria-label={`${text.remove} ${row.name}`}
                onClick={() => onRemove(row.id)}
              >
                {text.remove}
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.footer}>
        <span>
          {text.total}{' '}
          <span className={styles.total} data-state={complete ? 'complete' : 'incomplete'}>
            {total}%
          </span>
        </span>
        {onSplitEvenly !== undefined && rows.length > 1 ? (
          <button
            type="button"
            className={styles.split}
            disabled={disabled}
            onClick={() => {
              const shares = evenShares(rows.length)
              onSplitEvenly(
                Object.fromEntries(rows.map((row, index) => [row.id, shares[index] ?? 0])),
              )
            }}
          >
            {text.split}
          </button>
        ) : null}
      </div>
      {error === undefined ? null : (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
ShareEditor.displayName = 'ShareEditor'
