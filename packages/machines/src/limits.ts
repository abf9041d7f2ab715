/**
 * Business limits of SPEC.md sections 5 and 9 that the machines enforce. They repeat the values
 * of `@gy/api`'s constants because the machines package stands on its own (ARCHITECTURE.md).
 */
export const PHONE_MAX_LENGTH = 11
export const SMS_CODE_MAX_LENGTH = 6
export const SMS_RESEND_SECONDS = 60
