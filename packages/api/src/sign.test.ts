import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sign } from './sign'

describe('sign', () => {
  it('is the lowercase hex SHA-256 of body + nonce + timestamp + secret', () => {
    const body = '{"mobile":"86:13800138000"}'
    const expected = createHash('sha256')
      .update(body + 'abcdefghijklmnop' + '1700000000000' + 'gy-music-dev-secret')
      .digest('hex')
    expect(sign(body, 'abcdefghijklmnop', '1700000000000', 'gy-music-dev-secret')).toBe(expected)
  })

  it('hashes Chinese text as UTF-8, like the server', () => {
    const body = '{"nickName":"夏天的海"}'
    const expected = createHash('sha256')
      .update(body + 'n' + '1' + 's', 'utf8')
      .digest('hex')
    expect(sign(body, 'n', '1', 's')).toBe(expected)
  })
})
