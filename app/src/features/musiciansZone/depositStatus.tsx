import type { DepositRecord } from '@gy/api'
import { StatusBadge } from '@gy/design-system'
import { ZONE_TEXT as TEXT } from '../../strings.zone'

/** 未挂牌 / 在售 / 已下架 for a deposit. */
export function ListingBadge({ listing }: { listing: DepositRecord['listing'] }) {
  if (listing === null) return <StatusBadge tone="neutral">{TEXT.notListed}</StatusBadge>
  return listing.status === 'listed' ? (
    <StatusBadge tone="accent">{TEXT.listed}</StatusBadge>
  ) : (
    <StatusBadge tone="neutral">{TEXT.delisted}</StatusBadge>
  )
}
