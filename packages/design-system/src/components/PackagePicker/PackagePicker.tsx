import { clsx } from 'clsx'
import { RadioGroup } from 'radix-ui'
import { useRef, type MouseEvent, type ReactNode } from 'react'
import { formatFen, formatPoints, formatYuanAmount } from '../private/pointsFormat'
import { TextField } from '../TextField/TextField'
import { checkCustomAmount, customAmountFilter, parseYuanToFen, pointsForFen } from './amount'
import * as styles from './PackagePicker.css'
import { packagePickerStrings } from '../../strings'

/** The value of the 自定义金额 card, beside the package ids. */
export const CUSTOM_PACKAGE_VALUE = 'custom'

export interface PointsPackage {
  id: string
  /** Integer points the package gives. */
  points: number
  /** Price in integer fen (1 yuan = 100 fen). */
  priceFen: number
  /** A small label on the card, e.g. 推荐 or 赠 10%. */
  badge?: ReactNode
}

export interface PackagePickerProps {
  packages: readonly PointsPackage[]
  /** The chosen package id, `'custom'` for the custom amount, or null before anything is chosen. */
  value: string | null
  onValueChange: (value: string) => void
  /** The custom amount in yuan, exactly as typed (already filtered). */
  customAmount: string
  onCustomAmountChange: (value: string) => void
  /** Points per yuan for the custom amount's preview, e.g. 10. */
  pointsPerYuan: number
  /** Inclusive range of the custom amount, in yuan. */
  minYuan: number
  maxYuan: number
  /** An error from outside (e.g. 请输入充值金额 on pay); shown instead of the range error. */
  error?: ReactNode
  disabled?: boolean
  /** Names the radio group for screen readers. */
  label?: string
  className?: string
}

/**
 * The card's name for screen readers. Its visible pieces are separate spans, which would otherwise
 * be read run together ("1,080积分¥100").
 */
function packageLabel(pack: PointsPackage): string {
  const badge = typeof pack.badge === 'string' ? ` ${pack.badge}` : ''
  return `${formatPoints(pack.points)} ${packagePickerStrings.pointsUnit} ${formatFen(pack.priceFen)}${badge}`
}

/**
 * Top-up packages as selectable cards (one radio group: arrow keys move and select), the last card a
 * custom amount with the spec's money filter, a live preview of the points it buys and range errors.
 */
export function PackagePicker({
  packages,
  value,
  onValueChange,
  customAmount,
  onCustomAmountChange,
  pointsPerYuan,
  minYuan,
  maxYuan,
  error,
  disabled = false,
  label = packagePickerStrings.groupLabel,
  className,
}: PackagePickerProps) {
  const customInputRef = useRef<HTMLInputElement | null>(null)
  const customSelected = value === CUSTOM_PACKAGE_VALUE

  const min = formatYuanAmount(minYuan)
  const max = formatYuanAmount(maxYuan)
  const status = checkCustomAmount(customAmount, { minYuan, maxYuan })
  const rangeError =
    customSelected && (status === 'belowMin' || status === 'aboveMax')
      ? packagePickerStrings.outOfRange(min, max)
      : undefined
  const fieldError = customSelected ? (error ?? rangeError) : undefined
  const customFen = parseYuanToFen(customAmount)
  const previewPoints =
    status === 'valid' && customFen !== null ? pointsForFen(customFen, pointsPerYuan) : null

  // The whole custom card, its field included, picks the custom amount and puts the caret in the
  // field, like a label. Focus alone does not pick it: a keyboard user tabbing on to the payment
  // methods passes through the field and must keep the package the arrows chose.
  const selectCustomFromCard = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled) return
    const target = event.target as Element
    if (target.closest('button')) return
    if (!customSelected) onValueChange(CUSTOM_PACKAGE_VALUE)
    customInputRef.current?.focus()
  }

  return (
    <RadioGroup.Root
      className={clsx(styles.grid, className)}
      value={value}
      onValueChange={onValueChange}
      disabled={disabled}
      aria-label={label}
      loop
    >
      {packages.map((pack) => (
        <RadioGroup.Item
          key={pack.id}
          value={pack.id}
          className={styles.packageCard}
          aria-label={packageLabel(pack)}
        >
          <span className={styles.cardTop}>
            {pack.badge ? <span className={styles.badge}>{pack.badge}</span> : <span />}
            <span className={styles.indicator} aria-hidden="true" />
          </span>
          <span className={styles.points}>
            <span className={styles.pointsNumber}>{formatPoints(pack.points)}</span>
            <span className={styles.pointsUnit}>{packagePickerStrings.pointsUnit}</span>
          </span>
          <span className={styles.price}>{formatFen(pack.priceFen)}</span>
        </RadioGroup.Item>
      ))}
      <div
        className={styles.customCard}
        data-state={customSelected ? 'checked' : 'unchecked'}
        data-disabled={disabled ? '' : undefined}
        onClick={selectCustomFromCard}
      >
        <RadioGroup.Item value={CUSTOM_PACKAGE_VALUE} className={styles.customRadio}>
          <span className={styles.customTitle}>{packagePickerStrings.customTitle}</span>
          <span className={styles.indicator} aria-hidden="true" />
        </RadioGroup.Item>
        <TextField
          ref={customInputRef}
          label={packagePickerStrings.customFieldLabel}
          hideLabel
          value={customAmount}
          onValueChange={(amount) => {
            onCustomAmountChange(amount)
            // Typing an amount is choosing it.
            if (!customSelected) onValueChange(CUSTOM_PACKAGE_VALUE)
          }}
          filter={customAmountFilter}
          inputMode="decimal"
          autoComplete="off"
          placeholder={packagePickerStrings.range(min, max)}
          suffix={packagePickerStrings.yuanUnit}
          disabled={disabled}
          error={fieldError}
        />
        <p className={styles.preview} aria-live="polite">
          {previewPoints !== null ? (
            <>
              {packagePickerStrings.previewPrefix}{' '}
              <span className={styles.previewNumber}>{formatPoints(previewPoints)}</span>{' '}
              {packagePickerStrings.pointsUnit}
            </>
          ) : status === 'empty' ? (
            <span className={styles.previewEmpty}>{packagePickerStrings.previewEmpty}</span>
          ) : null}
        </p>
      </div>
    </RadioGroup.Root>
  )
}
PackagePicker.displayName = 'PackagePicker'
