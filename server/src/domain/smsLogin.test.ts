import { describe, expect, it } from 'vitest'
import { chinaDayStart, newSmsCode } from './smsLogin'
import { defaultNickname, maskPhone } from './users.repository'

describe('SMS login helpers', () => {
  it('starts the day at midnight China time (16:00 UTC the day before)', () => {
    expect(chinaDayStart(new Date('2026-03-01T15:59:59.999Z')).toISOString()).toBe(
      '2026-02-28T16:00:00.000Z',
    )
    expect(chinaDayStart(new Date('2026-03-01T16:00:00.000Z')).toISOString()).toBe(
      '2026-03-01T16:00:00.000Z',
    )
  })

  it('makes six-digit codes, leading zeros included, that vary', () => {
    const codes = Array.from({ length: 200 }, newSmsCode)
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    expect(new Set(codes).size).toBeGreaterThan(190)
  })

  it('names a new user after the last four digits and masks the phone', () => {
    expect(defaultNickname('86:13800138000')).toBe('GY用户8000')
    expect(maskPhone('86:13800138000')).toBe('86:138****8000')
  })
})
