import { MAX_LEAD_IN_SECONDS } from './singing/singingVoice'
import { describe, expect, it } from 'vitest'
import { BEATS_PER_BAR, compositionOpening, type Composition } from './composer'
import { GENERATION_SAMPLE_RATE, composeForRequest } from './generate'
import type { GenerationRequest } from './request'
import { arrange, createTimeline, type Arrangement } from './render'

const RATE = GENERATION_SAMPLE_RATE

const SONGS: readonly { name: string; request: GenerationRequest; seed: number }[] = [
  { name: 'a sung folk song', request: { mode: 'smart', prompt: '一首温柔的民谣' }, seed: 31 },
  {
    name: 'an instrumental lo-fi song',
    request: { mode: 'smart', prompt: '一首宁静的 lo-fi 纯音乐' },
    seed: 32,
  },
]

function bytesOf(array: Float32Array, from: number, to: number): Buffer {
  return Buffer.from(array.buffer, array.byteOffset + from * 4, (to - from) * 4)
}

/**
 * Renders every section in order and checks, before each, that rendering it leaves everything
 * before the section's earliest onset exactly as it was.
 */
function renderCheckingOnsets(arrangement: Arrangement): void {
  const { bus } = arrangement
  for (let section = 0; section < arrangement.sectionCount; section++) {
    const onset = arrangement.earliestOnset(section)
    const before = [bus.left, bus.right, bus.reverbSend].map((array) => array.slice(0, onset))
    arrangement.renderSection(section)
    ;[bus.left, bus.right, bus.reverbSend].forEach((array, index) => {
      const kept = before[index] as Float32Array
      expect(Buffer.compare(bytesOf(array, 0, onset), bytesOf(kept, 0, onset))).toBe(0)
    })
  }
}

function maxDifference(a: Float32Array, b: Float32Array): number {
  let max = 0
  for (let index = 0; index < a.length; index++) {
    max = Math.max(max, Math.abs((a[index] as number) - (b[index] as number)))
  }
  return max
}

describe('arrange', () => {
  it.each(SONGS)(
    'renders $name section by section as part by part, up to float rounding',
    ({ name, request, seed }) => {
      // The sung song whole, so every kind of section is checked (a bridge, an interlude, the
      // outro's drum drop); the instrumental one on its intro, verse and chorus.
      const whole = composeForRequest(request, seed)
      const composition = name === SONGS[0]?.name ? whole : compositionOpening(whole, 3)
      const bySection = arrange(composition, RATE)
      renderCheckingOnsets(bySection)
      bySection.finishUntil(bySection.bus.length)

      // The order the renderer used before it streamed: each part over the whole song in turn.
      const byPart = arrange(composition, RATE)
      for (const part of byPart.parts) {
        for (let section = 0; section < byPart.sectionCount; section++) {
          byPart.renderPartSection(part, section)
        }
      }
      byPart.finishUntil(byPart.bus.length)

      expect(byPart.bus.length).toBe(bySection.bus.length)
      expect(maxDifference(bySection.bus.left, byPart.bus.left)).toBeLessThan(1e-5)
      expect(maxDifference(bySection.bus.right, byPart.bus.right)).toBeLessThan(1e-5)
    },
    60_000,
  )

  it('settles a stretch only before the earliest onset still to come', () => {
    const composition = composeForRequest(SONGS[0]!.request, 31)
    const arrangement = arrange(composition, RATE)
    const count = arrangement.sectionCount
    let previous = 0
    for (let rendered = 0; rendered <= count; rendered++) {
      const settled = arrangement.settledBefore(rendered)
      expect(settled).toBeGreaterThanOrEqual(previous)
      // A margin before the earliest onset, unless that would fall before the song's start.
      for (let later = rendered; later < count; later++) {
        expect(settled).toBeLessThanOrEqual(Math.max(0, arrangement.earliestOnset(later) - 1))
      }
      previous = settled
    }
    expect(arrangement.settledBefore(count)).toBe(arrangement.bus.length)
  })

  it('holds back the stretch a pickup before its section is sung in', () => {
    const { song, sectionIndex, pickupBeat } = withPickup(composeForRequest(SONGS[0]!.request, 31))
    const timeline = createTimeline(song.brief.tempo, song.definition.swing, RATE)
    const pickup = timeline.sampleAt(pickupBeat)
    const sectionStart = timeline.sampleAt(
      (song.sections[sectionIndex]?.startBar ?? 0) * BEATS_PER_BAR,
    )
    const arrangement = arrange(song, RATE)
    // A sung pickup's breath and consonants may come before its beat.
    const sung = song.phrases.some((phrase) => phrase.carrier === 'voice')
    const leadIn = sung ? Math.round(MAX_LEAD_IN_SECONDS * RATE) : 0
    expect(arrangement.earliestOnset(sectionIndex)).toBe(pickup - leadIn)
    expect(arrangement.settledBefore(sectionIndex)).toBeLessThan(pickup)

    for (let section = 0; section < sectionIndex; section++) arrangement.renderSection(section)
    const { left } = arrangement.bus
    const before = left.slice(0, sectionStart)
    arrangement.renderSection(sectionIndex)
    // The section writes from the pickup's breath on, before its first bar, and nowhere earlier.
    const firstWritten = pickup - leadIn
    expect(Buffer.compare(bytesOf(left, 0, firstWritten), bytesOf(before, 0, firstWritten))).toBe(0)
    expect(
      Buffer.compare(bytesOf(left, pickup, sectionStart), bytesOf(before, pickup, sectionStart)),
    ).not.toBe(0)
  }, 60_000)
})

/**
 * The composition with the first note of a later section's first sung phrase moved one beat
 * before the section's first bar, as a pickup would be. The composer writes none today; the
 * renderer must not count on that.
 */
function withPickup(composition: Composition): {
  song: Composition
  sectionIndex: number
  pickupBeat: number
} {
  const phrase = composition.phrases.find((candidate) => candidate.sectionIndex >= 2)
  if (!phrase) throw new Error('the test song needs melody after its second section')
  const section = composition.sections[phrase.sectionIndex]
  const beat = (section?.startBar ?? 0) * BEATS_PER_BAR - 1
  const melody = composition.melody.map((note) => ({ ...note }))
  const first = melody.find((note) => note.phraseIndex === phrase.index)
  if (!first) throw new Error('the phrase has no notes')
  first.durationBeats += first.startBeat - beat
  first.startBeat = beat
  return { song: { ...composition, melody }, sectionIndex: phrase.sectionIndex, pickupBeat: beat }
}
