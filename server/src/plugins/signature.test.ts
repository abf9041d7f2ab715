import { sign } from '../test/signing'
import { SIGNATURE_WINDOW_MS } from '@gy/api/constants'
import { MESSAGES } from '@gy/api/messages'
import { describe, expect, it } from 'vitest'
import { EnvelopeError } from '../http/envelopeError'
import { verifySignature } from './signature'

const SECRET = 'test-secret'
const NOW = new Date('2026-03-01T00:00:00.000Z')
const NONCE = 'Ab3dEf7hIj0lMn9p'

function headersFor(bodyText: string, timestamp = String(NOW.getTime()), nonce = NONCE) {
  return { nonce, timestamp, signature: sign(bodyText, nonce, timestamp, SECRET) }
}

function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof EnvelopeError) return `${error.code} ${error.message}`
    throw error
  }
  return 'accepted'
}

describe('verifySignature', () => {
  it('accepts the contract signature and says how long a replay stays possible', () => {
    const verified = verifySignature(headersFor('{"a":1}'), '{"a":1}', SECRET, NOW)
    expect(verified).toEqual({
      nonce: NONCE,
      replayableUntil: new Date(NOW.getTime() + SIGNATURE_WINDOW_MS),
    })
  })

  it('checks the contract formula: SHA-256 of body + nonce + timestamp + secret', () => {
    // Computed independently: printf %s '{"a":1}AAAAAAAAAAAAAAAA1700000000000gy-music-dev-secret' | sha256sum
    const headers = {
      nonce: 'AAAAAAAAAAAAAAAA',
      timestamp: '1700000000000',
      signature: '30e6376ad27f506543416f9539eb476f2c486b7f6c6afda0baea918d49a01e6b',
    }
    const at = new Date(1_700_000_000_000)
    expect(refusal(() => verifySignature(headers, '{"a":1}', 'gy-music-dev-secret', at))).toBe(
      'accepted',
    )
  })

  it('refuses a body that differs from the signed one by a single space', () => {
    expect(refusal(() => verifySignature(headersFor('{"a":1}'), '{"a": 1}', SECRET, NOW))).toBe(
      `400 ${MESSAGES.signatureInvalid}`,
    )
  })

  it('refuses an uppercase signature (the contract says lowercase hex)', () => {
    const headers = headersFor('')
    headers.signature = headers.signature.toUpperCase()
    expect(refusal(() => verifySignature(headers, '', SECRET, NOW))).toBe(
      `400 ${MESSAGES.signatureInvalid}`,
    )
  })

  it('refuses repeated headers', () => {
    const headers = { ...headersFor(''), nonce: [NONCE, NONCE] }
    expect(refusal(() => verifySignature(headers, '', SECRET, NOW))).toBe(
      `400 ${MESSAGES.signatureMissing}`,
    )
  })

  it('accepts exactly 5 minutes of skew and refuses one millisecond more', () => {
    const edge = String(NOW.getTime() - SIGNATURE_WINDOW_MS)
    expect(refusal(() => verifySignature(headersFor('', edge), '', SECRET, NOW))).toBe('accepted')
    const beyond = String(NOW.getTime() + SIGNATURE_WINDOW_MS + 1)
    expect(refusal(() => verifySignature(headersFor('', beyond), '', SECRET, NOW))).toBe(
      `400 ${MESSAGES.timestampInvalid}`,
    )
  })
})
