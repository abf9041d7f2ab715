import type { LicenceOption, LicenceType } from '@gy/api'
import { formatFen } from '@gy/design-system'
import { useId } from 'react'
import { LICENCE_TEXT as TEXT } from '../../../strings.licence'
import * as styles from './LicencePicker.css'

export interface LicencePickerProps {
  options: readonly LicenceOption[]
  /** The chosen licence, or null before anything is chosen. */
  value: LicenceType | null
  onValueChange: (value: LicenceType) => void
  disabled?: boolean
  /** Names the radio group; 授权类型 by default. */
  label?: string
}

/**
 * The licences of a work as radio cards (one radio group: the arrow keys move and choose), each
 * with its price and what it is for, and the full terms of the chosen one below them.
 */
export function LicencePicker({
  options,
  value,
  onValueChange,
  disabled = false,
  label = TEXT.pickerLabel,
}: LicencePickerProps) {
  const groupName = useId()
  const chosen = options.find((option) => option.licenceType === value)
  return (
    <fieldset className={styles.picker} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.cards}>
        {options.map((option) => {
          const checked = option.licenceType === value
          return (
            <label
              key={option.licenceType}
              className={styles.card}
              data-state={checked ? 'checked' : 'unchecked'}
              data-disabled={disabled ? '' : undefined}
            >
              <input
                className={styles.radio}
                type="radio"
                name={groupName}
                value={option.licenceType}
                checked={checked}
                onChange={() => onValueChange(option.licenceType)}
                aria-label={`${option.name} ${formatFen(option.priceFen)}`}
              />
              <span className={styles.cardTop}>
                <span className={styles.name}>{option.name}</span>
                {option.owned ? <span className={styles.owned}>{TEXT.owned}</span> : null}
                <span className={styles.indicator} aria-hidden="true" />
              </span>
              <span className={styles.price}>{formatFen(option.priceFen)}</span>
              <span className={styles.summary}>{option.summary}</span>
            </label>
          )
        })}
      </div>
      {chosen ? (
        <section className={styles.terms} aria-label={`${chosen.name}${TEXT.termsTitle}`}>
          <h3 className={styles.termsTitle}>
            {chosen.name} · {TEXT.termsTitle}
          </h3>
          <ul className={styles.termList}>
            {chosen.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </fieldset>
  )
}
LicencePicker.displayName = 'LicencePicker'
