import { TextField } from '@gy/design-system'
import { ZONE_TEXT as TEXT } from '../../strings.zone'

/** The spec's money input for a price in yuan: digits and one point, two decimals at most. */
export function PriceField({
  value,
  error,
  onValueChange,
  autoFocus,
}: {
  value: string
  error: string | undefined
  onValueChange: (value: string) => void
  autoFocus?: boolean
}) {
  return (
    <TextField
      label={TEXT.priceLabel}
      hint={TEXT.priceHint}
      prefix="¥"
      filter="twoDecimals"
      inputMode="decimal"
      value={value}
      onValueChange={onValueChange}
      error={error}
      {...(autoFocus === undefined ? {} : { autoFocus })}
    />
  )
}
