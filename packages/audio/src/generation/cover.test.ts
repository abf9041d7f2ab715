import { describe, expect, it } from 'vitest'
import { COVER_SIZE, drawCover, escapeXml } from './cover'

describe('drawCover', () => {
  const input = { title: '夏天的海边', style: 'folk', mood: 'gentle', seed: 42 } as const

  it('draws a self-contained square SVG with the title', () => {
    const svg = drawCover(input)
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg.endsWith('</svg>')).toBe(true)
    expect(svg).toContain(`viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}"`)
    expect(svg).toContain('夏天的海边')
    expect(svg).toContain('PingFang SC')
    // No external assets: no links, images or remote fonts.
    expect(svg).not.toMatch(/href|<image|url\(http|@import/u)
  })

  it('is the same for the same seed and different for another', () => {
    expect(drawCover(input)).toBe(drawCover(input))
    expect(drawCover({ ...input, seed: 43 })).not.toBe(drawCover(input))
  })

  it('escapes the title', () => {
    const svg = drawCover({ ...input, title: '<script>alert("x")</script> & more' })
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;script&gt;')
    expect(escapeXml(`a&b"c'd`)).toBe('a&amp;b&quot;c&apos;d')
  })

  it('wraps and shortens long titles', () => {
    const svg = drawCover({
      ...input,
      title: '一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十',
    })
    expect(svg).toContain('…')
  })
})
