/**
 * Writes small SoundFont 2 files for tests: the unit tests must not need Debian's FluidR3 font,
 * so they play fonts made here, with samples whose pitch and shape are known.
 */
import { concatBytes } from '../../src/io/bytes'

export const TEST_FONT_SAMPLE_RATE = 44_100

export interface TestSample {
  name: string
  points: Int16Array
  loopStart: number
  loopEnd: number
  originalPitch: number
}

export type Generators = [operator: number, amount: number][]

/** Writes a minimal SoundFont 2 file: the chunks and records the specification requires. */
export function buildSoundFont(
  samples: TestSample[],
  instruments: { name: string; zones: Generators[] }[],
  presets: { name: string; program: number; bank: number; zones: Generators[] }[],
): Uint8Array {
  const chunk = (id: string, body: Uint8Array): Uint8Array => {
    const out = new Uint8Array(8 + body.length + (body.length & 1))
    out.set(new TextEncoder().encode(id))
    new DataView(out.buffer).setUint32(4, body.length, true)
    out.set(body, 8)
    return out
  }
  const listOf = (type: string, ...parts: Uint8Array[]): Uint8Array =>
    chunk('LIST', concatBytes([new TextEncoder().encode(type), ...parts]))
  const records = (
    size: number,
    count: number,
    fill: (view: DataView, at: number, index: number) => void,
  ) => {
    const body = new Uint8Array(size * count)
    const view = new DataView(body.buffer)
    for (let i = 0; i < count; i++) fill(view, i * size, i)
    return body
  }
  const writeName = (view: DataView, at: number, name: string): void => {
    for (let i = 0; i < Math.min(20, name.length); i++) view.setUint8(at + i, name.charCodeAt(i))
  }
  // Sample data: each sample followed by 46 zero points, as the specification asks.
  const starts: number[] = []
  let total = 0
  for (const sample of samples) {
    starts.push(total)
    total += sample.points.length + 46
  }
  const data = new Int16Array(total)
  samples.forEach((sample, i) => data.set(sample.points, starts[i]))
  const shdr = records(46, samples.length + 1, (view, at, i) => {
    const sample = samples[i]
    writeName(view, at, sample?.name ?? 'EOS')
    if (!sample) return
    view.setUint32(at + 20, starts[i]!, true)
    view.setUint32(at + 24, starts[i]! + sample.points.length, true)
    view.setUint32(at + 28, starts[i]! + sample.loopStart, true)
    view.setUint32(at + 32, starts[i]! + sample.loopEnd, true)
    view.setUint32(at + 36, TEST_FONT_SAMPLE_RATE, true)
    view.setUint8(at + 40, sample.originalPitch)
    view.setUint16(at + 44, 1, true)
  })
  const zoneLists = (
    items: { zones: Generators[] }[],
  ): { bags: Uint8Array; generators: Uint8Array; firstBags: number[] } => {
    const allZones = items.flatMap((item) => item.zones)
    const firstBags: number[] = []
    let bag = 0
    for (const item of items) {
      firstBags.push(bag)
      bag += item.zones.length
    }
    firstBags.push(bag)
    const generatorStarts: number[] = []
    let generatorCount = 0
    for (const zone of allZones) {
      generatorStarts.push(generatorCount)
      generatorCount += zone.length
    }
    generatorStarts.push(generatorCount)
    const flat = allZones.flat()
    return {
      firstBags,
      bags: records(4, allZones.length + 1, (view, at, i) =>
        view.setUint16(at, generatorStarts[i]!, true),
      ),
      generators: records(4, flat.length + 1, (view, at, i) => {
        const generator = flat[i]
        if (!generator) return
        view.setUint16(at, generator[0], true)
        view.setInt16(at + 2, generator[1], true)
      }),
    }
  }
  const instrumentLists = zoneLists(instruments)
  const presetLists = zoneLists(presets)
  const inst = records(22, instruments.length + 1, (view, at, i) => {
    writeName(view, at, instruments[i]?.name ?? 'EOI')
    view.setUint16(at + 20, instrumentLists.firstBags[i]!, true)
  })
  const phdr = records(38, presets.length + 1, (view, at, i) => {
    const preset = presets[i]
    writeName(view, at, preset?.name ?? 'EOP')
    view.setUint16(at + 20, preset?.program ?? 0, true)
    view.setUint16(at + 22, preset?.bank ?? 0, true)
    view.setUint16(at + 24, presetLists.firstBags[i]!, true)
  })
  const body = concatBytes([
    new TextEncoder().encode('sfbk'),
    listOf('INFO', chunk('ifil', new Uint8Array([2, 0, 1, 0]))),
    listOf('sdta', chunk('smpl', new Uint8Array(data.buffer))),
    listOf(
      'pdta',
      chunk('phdr', phdr),
      chunk('pbag', presetLists.bags),
      chunk('pmod', new Uint8Array(10)),
      chunk('pgen', presetLists.generators),
      chunk('inst', inst),
      chunk('ibag', instrumentLists.bags),
      chunk('imod', new Uint8Array(10)),
      chunk('igen', instrumentLists.generators),
      chunk('shdr', shdr),
    ),
  ])
  return chunk('RIFF', body)
}

/** A looped sine of exactly `period` samples per cycle, `cycles` long. */
export function sineSample(
  name: string,
  period: number,
  cycles: number,
  originalPitch: number,
): TestSample {
  const points = Int16Array.from({ length: period * cycles }, (_, i) =>
    Math.round(16_000 * Math.sin((2 * Math.PI * i) / period)),
  )
  return { name, points, loopStart: period * (cycles - 1), loopEnd: period * cycles, originalPitch }
}

/** A square wave, so the two samples can be told apart by their shape. */
export function squareSample(name: string, period: number, cycles: number): TestSample {
  const points = Int16Array.from({ length: period * cycles }, (_, i) =>
    i % period < period / 2 ? 12_000 : -12_000,
  )
  return { name, points, loopStart: 0, loopEnd: period * cycles, originalPitch: 69 }
}
