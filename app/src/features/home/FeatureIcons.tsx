import { Icon, type IconProps } from '@gy/design-system'

/**
 * The home page's feature glyphs, drawn for this product on the design system's 24-unit `Icon`
 * grid (2-unit strokes, round joins) so they sit with the other icons.
 */

/** 版权存证: a shield with a check, the work's proof kept safe. */
export function DepositIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </Icon>
  )
}

/** 作品交易: a price tag with a note on it. */
export function TradeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 12.6V4a1 1 0 0 1 1-1h8.6a1 1 0 0 1 .7.3l7.4 7.4a1 1 0 0 1 0 1.4l-8.6 8.6a1 1 0 0 1-1.4 0l-7.4-7.4a1 1 0 0 1-.3-.7z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
      <path d="M11 15.5v-5l3.5-1" />
      <circle cx="10" cy="15.5" r="1" />
    </Icon>
  )
}

/** AI创作: a sparkle over a waveform. */
export function CreateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M16 3l1.2 2.8L20 7l-2.8 1.2L16 11l-1.2-2.8L12 7l2.8-1.2L16 3z" />
      <path d="M3 16h2M7 13v6M11 11v10M15 14v4M19 15.5v1" />
    </Icon>
  )
}

/** 版权登记: a certificate with a seal. */
export function RegistrationIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h5" />
      <path d="M14 3l4 4v3" />
      <path d="M8 8h4M8 12h3" />
      <circle cx="17" cy="15" r="3" />
      <path d="M15.5 17.6L15 21l2-1 2 1-.5-3.4" />
    </Icon>
  )
}

export const FEATURE_ICONS = {
  deposit: DepositIcon,
  trade: TradeIcon,
  ai: CreateIcon,
  registration: RegistrationIcon,
} as const

export type FeatureIconName = keyof typeof FEATURE_ICONS
