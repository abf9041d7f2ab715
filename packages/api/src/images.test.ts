import { describe, expect, it } from 'vitest'
import { imageBaseFromConfig, resolveImageUrl } from './images'

describe('resolveImageUrl', () => {
  it('keeps full http(s) URLs', () => {
    expect(resolveImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(resolveImageUrl('HTTP://x/a.png')).toBe('HTTP://x/a.png')
  })

  it('prefixes paths with the image base', () => {
    expect(resolveImageUrl('avatar/1.png', 'https://img.example.com/')).toBe(
      'https://img.example.com/avatar/1.png',
    )
    expect(resolveImageUrl('/avatar/1.png')).toBe('/files/avatar/1.png')
    expect(resolveImageUrl('')).toBe('')
  })

  it('keeps the platform’s own avatar paths', () => {
    expect(resolveImageUrl(`/avatars/${'a'.repeat(64)}`)).toBe(`/avatars/${'a'.repeat(64)}`)
  })
})

describe('imageBaseFromConfig', () => {
  it('reads imageUrl from base64 JSON and ignores junk', () => {
    expect(imageBaseFromConfig(btoa('{"imageUrl":"https://img/"}'))).toBe('https://img/')
    expect(imageBaseFromConfig('%%%')).toBeUndefined()
    expect(imageBaseFromConfig(btoa('{"other":1}'))).toBeUndefined()
    expect(imageBaseFromConfig(null)).toBeUndefined()
  })
})
