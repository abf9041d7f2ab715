import { Spinner } from '@gy/design-system'
import { type KeyboardEvent, useId } from 'react'
import { Link } from 'react-router'
import { AI_TEXT as TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { type Balance, isShort } from './useBalance'

/** What a job costs, the user's balance, and 积分充值 when the balance is below the cost. */
export function CostNote({ cost, balance }: { cost: number; balance: Balance }) {
  return (
    <p className={styles.cost} aria-live="polite">
      <span>
        {TEXT.costPerJob(cost)}
        {' · '}
        {TEXT.refundNote}
      </span>
      {balance.state === 'loading' ? <Spinner size="sm" /> : null}
      {balance.state === 'ready' ? (
        <span className={styles.costValue}>{TEXT.balance(balance.points)}</span>
      ) : null}
      {balance.state === 'unknown' ? <span>{TEXT.balanceUnknown}</span> : null}
      {isShort(balance, cost) ? (
        <>
          <span className={styles.short}>{TEXT.balanceShort(cost)}</span>
          <Link className={styles.textLink} to="/buyPoints">
            {TEXT.buyPoints}
          </Link>
        </>
      ) : null}
    </p>
  )
}
CostNote.displayName = 'CostNote'

/** An on/off choice (纯音乐): a native checkbox with the switch role, so Space toggles it. */
export function Switch({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string
  hint?: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  const hintId = useId()
  return (
    <div className={styles.row}>
      <label className={styles.switchLabel}>
        <input
          type="checkbox"
          role="switch"
          className={styles.switchInput}
          checked={checked}
          aria-describedby={hint === undefined ? undefined : hintId}
          onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        />
        <span className={styles.fieldLabel}>{label}</span>
      </label>
      {hint === undefined ? null : (
        <span id={hintId} className={styles.muted}>
          {hint}
        </span>
      )}
    </div>
  )
}
Switch.displayName = 'Switch'

/**
 * A refusal that belongs to no single field, above the submit button; when it is 积分不足 it
 * links to 积分充值.
 */
export function FormAlert({ message, pointsShort }: { message?: string; pointsShort: boolean }) {
  if (message === undefined) return null
  return (
    <p className={styles.alert} role="alert">
      <span>{message}</span>
      {pointsShort ? (
        <Link className={styles.textLink} to="/buyPoints">
          {TEXT.buyPoints}
        </Link>
      ) : null}
    </p>
  )
}
FormAlert.displayName = 'FormAlert'

/** A slider with its label and value, e.g. 变调 +2 半音. */
export function RangeField({
  label,
  value,
  min,
  max,
  format,
  hint,
  onValueChange,
}: {
  label: string
  value: number
  min: number
  max: number
  format: (value: number) => string
  hint?: string
  onValueChange: (value: number) => void
}) {
  const id = useId()
  return (
    <div className={styles.field}>
      <div className={styles.spread}>
        <label htmlFor={id} className={styles.fieldLabel}>
          {label}
        </label>
        <output htmlFor={id} className={styles.sliderValue}>
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className={styles.slider}
        min={min}
        max={max}
        step={1}
        value={value}
        aria-valuetext={format(value)}
        onChange={(event) => onValueChange(Number(event.currentTarget.value))}
      />
      {hint === undefined ? null : <span className={styles.muted}>{hint}</span>}
    </div>
  )
}
RangeField.displayName = 'RangeField'

/** Ctrl+Enter (⌘+Enter on a Mac) in a text area submits its form; Enter alone starts a line. */
export function submitOnModEnter(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault()
    event.currentTarget.form?.requestSubmit()
  }
}
