/** Every response body, error or not (CONTRACT.md, "Every response"). */
export interface Envelope<Data = unknown> {
  code: ResponseCode
  msg: string
  data: Data
}

export const RESPONSE_CODES = [
  '000',
  '400',
  '401',
  '402',
  '403',
  '404',
  '409',
  '413',
  '416',
  '429',
  '500',
] as const
export type ResponseCode = (typeof RESPONSE_CODES)[number]

/** HTTP status that goes with each envelope code; 402 travels as HTTP 401. */
export function httpStatusOf(code: ResponseCode): number {
  if (code === '000') return 200
  if (code === '402') return 401
  return Number(code)
}

export const SUCCESS_CODE = '000'
