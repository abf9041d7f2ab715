// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest'
import { StemPlayer, type StemTrack } from './StemPlayer'

const stems: StemTrack[] = [
  { id: 'v', name: '人声', url: '/a/vocals.mp3', downloadUrl: '/d/vocals.mp3' },
  { id: 'i', name: '伴奏', url: '/a/accompaniment.mp3', downloadUrl: '/d/accompaniment.mp3' },
]

// jsdom has media elements but plays nothing: record what the player asks of them.
let play: MockInstance<(this: HTMLMediaElement) => Promise<void>>
let pause: MockInstance<(this: HTMLMediaElement) => void>
let played: HTMLMediaElement[]
let paused: HTMLMediaElement[]

beforeAll(() => {
  // Radix measures the sliders' thumbs with ResizeObserver, which jsdom does not provide.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})

beforeEach(() => {
  played = []
  paused = []
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    played.push(this)
    return Promise.resolve()
  })
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    paused.push(this)
  })
})

afterEach(() => {
  cleanup()
  play.mockRestore()
  pause.mockRestore()
})

function audioOf(container: HTMLElement, id: string): HTMLAudioElement {
  const element = container.querySelector<HTMLAudioElement>(`audio[data-stem-id="${id}"]`)
  if (element === null) throw new Error(`no audio for ${id}`)
  return element
}

function withDuration(element: HTMLAudioElement, seconds: number): void {
  Object.defineProperty(element, 'duration', { configurable: true, value: seconds })
  fireEvent.loadedMetadata(element)
}

describe('StemPlayer', () => {
  it('owns one audio element per stem that loads only its metadata', () => {
    const { container } = render(<StemPlayer stems={stems} />)
    const vocals = audioOf(container, 'v')
    expect(vocals.getAttribute('src')).toBe('/a/vocals.mp3')
    expect(vocals.getAttribute('preload')).toBe('metadata')
    expect(container.querySelectorAll('audio')).toHaveLength(2)
  })

  it('plays every stem together from the first one’s position, and pauses them all', () => {
    const { container } = render(<StemPlayer stems={stems} title="晚风 · 分轨" />)
    const vocals = audioOf(container, 'v')
    const accompaniment = audioOf(container, 'i')
    vocals.currentTime = 12.5
    accompaniment.currentTime = 3
    fireEvent.click(screen.getByRole('button', { name: '播放全部' }))
    expect(played).toEqual([vocals, accompaniment])
    expect(accompaniment.currentTime).toBe(12.5)
    fireEvent.click(screen.getByRole('button', { name: '暂停全部' }))
    expect(paused).toEqual(expect.arrayContaining([vocals, accompaniment]))
    expect(screen.getByRole('button', { name: '播放全部' })).toBeTruthy()
  })

  it('seeks every stem to the same place', () => {
    const { container } = render(<StemPlayer stems={stems} />)
    withDuration(audioOf(container, 'v'), 200)
    const seekBar = screen.getByRole('slider', { name: '播放进度' })
    fireEvent.keyDown(seekBar, { key: 'End' })
    expect(audioOf(container, 'v').currentTime).toBe(200)
    expect(audioOf(container, 'i').currentTime).toBe(200)
    expect(screen.getAllByText('03:20')).toHaveLength(2)
  })

  it('solos one stem by silencing the others, and releases it when pressed again', () => {
    const { container } = render(<StemPlayer stems={stems} />)
    const soloVocals = screen.getByRole('button', { name: '独奏 人声' })
    fireEvent.click(soloVocals)
    expect(soloVocals.getAttribute('aria-pressed')).toBe('true')
    expect(audioOf(container, 'v').muted).toBe(false)
    expect(audioOf(container, 'i').muted).toBe(true)

    const soloAccompaniment = screen.getByRole('button', { name: '独奏 伴奏' })
    fireEvent.click(soloAccompaniment)
    expect(soloVocals.getAttribute('aria-pressed')).toBe('false')
    expect(audioOf(container, 'v').muted).toBe(true)
    expect(audioOf(container, 'i').muted).toBe(false)

    fireEvent.click(soloAccompaniment)
    expect(soloAccompaniment.getAttribute('aria-pressed')).toBe('false')
    expect(audioOf(container, 'v').muted).toBe(false)
    expect(audioOf(container, 'i').muted).toBe(false)
  })

  it('mutes one stem on its own and sets its volume', () => {
    const { container } = render(<StemPlayer stems={stems} />)
    const mute = screen.getByRole('button', { name: '静音 伴奏' })
    fireEvent.click(mute)
    expect(mute.getAttribute('aria-pressed')).toBe('true')
    expect(audioOf(container, 'i').muted).toBe(true)
    expect(audioOf(container, 'v').muted).toBe(false)
    fireEvent.click(mute)
    expect(audioOf(container, 'i').muted).toBe(false)

    fireEvent.keyDown(screen.getByRole('slider', { name: '人声音量' }), { key: 'ArrowLeft' })
    expect(audioOf(container, 'v').volume).toBeCloseTo(0.95)
    expect(audioOf(container, 'i').volume).toBe(1)
  })

  it('offers each stem’s download', () => {
    render(<StemPlayer stems={stems} />)
    const link = screen.getByRole('link', { name: '下载 伴奏' })
    expect(link.getAttribute('href')).toBe('/d/accompaniment.mp3')
    expect(link.hasAttribute('download')).toBe(true)
  })

  it('pauses every stem when it leaves the page', () => {
    const { container, unmount } = render(<StemPlayer stems={stems} />)
    const elements = Array.from(container.querySelectorAll('audio'))
    fireEvent.click(screen.getByRole('button', { name: '播放全部' }))
    paused = []
    unmount()
    expect(paused).toEqual(expect.arrayContaining(elements))
  })
})
