import {
  OWNER_ID_TYPE_LABELS,
  type CopyrightOwner,
  type RegistrationStatusValue,
} from '@gy/api/registration'
import type { StatusBadgeTone } from '@gy/design-system'
import { REGISTRATION_TEXT as TEXT } from '../../strings.registration'

export { formatTime, formatYuan, isRefusal } from '../../format'

export const STATUS_TONES: Record<RegistrationStatusValue, StatusBadgeTone> = {
  draft: 'neutral',
  awaiting_payment: 'warning',
  submitted: 'info',
  in_review: 'accent',
  needs_correction: 'warning',
  registered: 'success',
  rejected: 'danger',
}

/** 自然人 · 居民身份证 110105********1234, or 法人或其他组织 · 9111…; for lists and pickers. */
export function ownerDetail(owner: CopyrightOwner): string {
  if (owner.type === 'organization') return `${TEXT.organization} · ${owner.creditCode ?? ''}`
  const idType = owner.idType === null ? '' : OWNER_ID_TYPE_LABELS[owner.idType]
  const number = owner.idNumber ?? ''
  const masked =
    number.length > 8
      ? `${number.slice(0, 4)}${'*'.repeat(number.length - 8)}${number.slice(-4)}`
      : number
  return `${TEXT.person} · ${idType} ${masked}`
}
