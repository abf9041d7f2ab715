import { describe, expect, it } from 'vitest'
import {
  certificationReviewBody,
  depositBody,
  musicGoodsListBody,
  musicListingBody,
} from './contract'
import { MESSAGES } from './messages'

// PostgreSQL text cannot hold a NUL: free text reaches the database without control characters,
// and an identifier that carries one is refused.
describe('control characters in request bodies', () => {
  const id = '3f0f8a52-6c1e-4c7a-9a55-0c0f4f1e2b3d'

  it('searches a keyword with control characters as spaces', () => {
    expect(musicGoodsListBody.parse({ keyword: '青石\u0000巷\t' }).keyword).toBe('青石 巷')
  })

  it('refuses a category that holds a control character', () => {
    for (const [schema, body] of [
      [musicGoodsListBody, { categoryId: 'a\u0000b' }],
      [musicListingBody, { depositId: id, priceFen: 100, categoryId: 'a\u0000b' }],
    ] as const) {
      const result = schema.safeParse(body)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.categoryInvalid)
    }
  })

  it('drops control characters but keeps tabs and line breaks in lyrics and reasons', () => {
    const lyric = depositBody.parse({ fileId: id, title: '歌', lyric: '第一行\u0000\n第二行\t完' })
    expect(lyric.lyric).toBe('第一行\n第二行\t完')
    const review = certificationReviewBody.parse({
      applicationId: id,
      decision: 'reject',
      reason: '证件\u0000照片不清晰',
    })
    expect(review.reason).toBe('证件照片不清晰')
  })
})
