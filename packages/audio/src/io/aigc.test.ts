import { describe, expect, it } from 'vitest'
import type { PcmAudio } from '../types'
import { readMp3Aigc, readWavAigc, writeMp3Aigc, writeWavAigc, type AigcLabel } from './aigc'
import { decodeMp3, encodeMp3, readMp3Info } from './mp3'
import { id3TagLength } from './mp3Frames'
import { decodeWav, encodeWav, readWavInfo } from './wav'

function tone(seconds: number, sampleRate = 44100): PcmAudio {
  const samples = new Float32Array(Math.round(seconds * sampleRate))
  for (let i = 0; i < samples.length; i++) {
    samples[i] = 0.4 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)
  }
  return { sampleRate, channels: [samples, samples.slice()] }
}

const LABEL: AigcLabel = {
  Label: '1',
  ContentProducer: 'example-platform',
  ProduceID: 'job-2025-0001-a1b2c3d4e5f6',
  ContentPropagator: '',
  PropagateID: '',
}

/** A producer name with CJK, quotes, a backslash and a newline: everything JSON must escape. */
const CHINESE_LABEL: AigcLabel = {
  Label: '1',
  ContentProducer: '北京"声音"科技有限公司 \\ 工作室\n第二行',
  ProduceID: '作品-42',
  ContentPropagator: '某某平台',
  PropagateID: 'p-7',
}

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0))

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

function readSyncsafe(bytes: Uint8Array, offset: number): number {
  let value = 0
  for (let i = 0; i < 4; i++) value = (value << 7) | ((bytes[offset + i] as number) & 0x7f)
  return value
}

/** An ID3v2.3 tag (plain 32-bit frame sizes) with the given frames. */
function id3v23(...frames: { id: string; body: Uint8Array }[]): Uint8Array {
  const encoded = frames.map(({ id, body }) => {
    const header = new Uint8Array(10)
    header.set(latin1(id))
    new DataView(header.buffer).setUint32(4, body.length)
    return concat(header, body)
  })
  const body = concat(...encoded)
  const size = body.length
  const header = Uint8Array.of(
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  )
  return concat(header, body)
}

/** The top-level RIFF chunk ids; throws unless the chunks end exactly at the end of the file. */
function chunkIds(wav: Uint8Array): string[] {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength)
  const ids: string[] = []
  let offset = 12
  while (offset < wav.length) {
    const size = view.getUint32(offset + 4, true)
    ids.push(String.fromCharCode(...wav.subarray(offset, offset + 4)))
    offset += 8 + size + (size & 1)
  }
  if (offset !== wav.length) throw new Error(`chunks end at ${offset}, file at ${wav.length}`)
  return ids
}

/** Every place `needle` occurs in `bytes`. */
function occurrences(bytes: Uint8Array, needle: string): number {
  const pattern = latin1(needle)
  let count = 0
  for (let i = 0; i + pattern.length <= bytes.length; i++) {
    if (pattern.every((byte, j) => bytes[i + j] === byte)) count++
  }
  return count
}

describe('MP3 AIGC label', () => {
  const mp3 = encodeMp3(tone(0.5), { kbps: 128 })

  it('round-trips in an ID3v2.4 TXXX frame whose sizes are syncsafe', () => {
    const tagged = writeMp3Aigc(mp3, LABEL)
    expect(readMp3Aigc(tagged)).toEqual(LABEL)
    expect([...tagged.subarray(0, 5)]).toEqual([0x49, 0x44, 0x33, 4, 0])
    expect(String.fromCharCode(...tagged.subarray(10, 14))).toBe('TXXX')
    // The JSON is longer than 127 bytes, so a plain size would differ from its syncsafe reading.
    const frameSize = readSyncsafe(tagged, 14)
    expect(frameSize).toBeGreaterThan(127)
    expect(10 + 10 + frameSize).toBe(id3TagLength(tagged))
    const body = tagged.subarray(20, 20 + frameSize)
    expect(body[0]).toBe(3)
    expect(new TextDecoder().decode(body.subarray(1))).toBe(
      'AIGC\0{"Label":"1","ContentProducer":"example-platform","ProduceID":"job-2025-0001-a1b2c3d4e5f6",' +
        '"ContentPropagator":"","PropagateID":""}',
    )
  })

  it('leaves the audio frames byte-identical, so the file reads and decodes as before', async () => {
    const tagged = writeMp3Aigc(mp3, LABEL)
    expect(tagged.subarray(id3TagLength(tagged))).toEqual(mp3)
    const before = readMp3Info(mp3)
    const after = readMp3Info(tagged)
    expect(after.sampleCount).toBe(before.sampleCount)
    expect(after.frameCount).toBe(before.frameCount)
    expect(after.firstFrameOffset).toBe(before.firstFrameOffset + id3TagLength(tagged))
    const decoded = await decodeMp3(tagged)
    const original = await decodeMp3(mp3)
    expect(decoded.channels[0]?.length).toBe(original.channels[0]?.length)
    expect(decoded.channels[0]?.length).toBeGreaterThan(0)
  })

  it('replaces an existing tag instead of stacking a second one', () => {
    const once = writeMp3Aigc(mp3, LABEL)
    const twice = writeMp3Aigc(once, CHINESE_LABEL)
    expect(readMp3Aigc(twice)).toEqual(CHINESE_LABEL)
    expect(occurrences(twice, 'ID3')).toBe(occurrences(mp3, 'ID3') + 1)
    expect(twice.subarray(id3TagLength(twice))).toEqual(mp3)
    // A foreign tag already in front goes too.
    const foreign = id3v23({ id: 'TIT2', body: concat(Uint8Array.of(0), latin1('Song')) })
    const retagged = writeMp3Aigc(concat(foreign, mp3), LABEL)
    expect(retagged).toEqual(writeMp3Aigc(mp3, LABEL))
  })

  it('keeps a Chinese, quoted producer intact', () => {
    expect(readMp3Aigc(writeMp3Aigc(mp3, CHINESE_LABEL))).toEqual(CHINESE_LABEL)
  })

  it('finds the label after other frames, in a v2.3 tag with plain frame sizes', () => {
    const json = JSON.stringify(LABEL)
    const tag = id3v23(
      // A 200-byte title: read as syncsafe its size would be wrong and the walk would miss AIGC.
      { id: 'TIT2', body: concat(Uint8Array.of(0), latin1('x'.repeat(199))) },
      { id: 'TXXX', body: concat(Uint8Array.of(0), latin1('OTHER\0{"Label":"0"}')) },
      { id: 'TXXX', body: concat(Uint8Array.of(3), latin1(`AIGC\0${json}`)) },
    )
    expect(readMp3Aigc(concat(tag, mp3))).toEqual(LABEL)
  })

  it('returns null for a file without the label', () => {
    expect(readMp3Aigc(mp3)).toBeNull()
    const tag = id3v23({ id: 'TIT2', body: concat(Uint8Array.of(0), latin1('Song')) })
    expect(readMp3Aigc(concat(tag, mp3))).toBeNull()
  })
})

describe('WAV AIGC label', () => {
  const audio = tone(0.1, 8000)
  const wav = encodeWav(audio)

  it('round-trips in a LIST/INFO chunk after the data, with the RIFF size fixed', () => {
    const tagged = writeWavAigc(wav, LABEL)
    expect(readWavAigc(tagged)).toEqual(LABEL)
    expect(chunkIds(tagged)).toEqual(['fmt ', 'data', 'LIST'])
    expect(new DataView(tagged.buffer).getUint32(4, true)).toBe(tagged.length - 8)
    expect(decodeWav(tagged)).toEqual(decodeWav(wav))
    expect(tagged.subarray(0, wav.length).subarray(8)).toEqual(wav.subarray(8))
  })

  it('writes the label NUL-terminated and pads an odd length to a whole word', () => {
    const parities = new Set<number>()
    for (const ProduceID of ['a', 'ab']) {
      const label = { ...LABEL, ProduceID }
      const size = new TextEncoder().encode(JSON.stringify(label)).length + 1
      parities.add(size & 1)
      const tagged = writeWavAigc(wav, label)
      // The AIGC entry ends the file: its header, the text with its NUL, a pad byte if odd.
      const entry = tagged.length - (size & 1) - size - 8
      expect(String.fromCharCode(...tagged.subarray(entry, entry + 4))).toBe('AIGC')
      expect(new DataView(tagged.buffer).getUint32(entry + 4, true)).toBe(size)
      expect(tagged[entry + 8 + size - 1]).toBe(0)
      expect(tagged.length % 2).toBe(0)
      expect(chunkIds(tagged)).toEqual(['fmt ', 'data', 'LIST'])
      expect(readWavAigc(tagged)).toEqual(label)
    }
    expect([...parities].sort()).toEqual([0, 1])
  })

  it('replaces an existing label instead of stacking, keeping other INFO entries', () => {
    const title = concat(
      latin1('INAM'),
      Uint8Array.of(5, 0, 0, 0),
      latin1('Song\0'),
      Uint8Array.of(0),
    )
    const list = concat(latin1('LIST'), Uint8Array.of(4 + title.length, 0, 0, 0), latin1('INFO'))
    const withTitle = concat(wav, list, title)
    new DataView(withTitle.buffer).setUint32(4, withTitle.length - 8, true)
    const twice = writeWavAigc(writeWavAigc(withTitle, LABEL), CHINESE_LABEL)
    expect(readWavAigc(twice)).toEqual(CHINESE_LABEL)
    expect(chunkIds(twice)).toEqual(['fmt ', 'data', 'LIST'])
    expect(occurrences(twice, 'AIGC')).toBe(1)
    expect(occurrences(twice, 'INAM\x05\0\0\0Song\0')).toBe(1)
  })

  it('keeps a Chinese, quoted producer intact', () => {
    expect(readWavAigc(writeWavAigc(wav, CHINESE_LABEL))).toEqual(CHINESE_LABEL)
  })

  it('closes a streaming data chunk so the list is not read as audio', () => {
    const streaming = wav.slice()
    new DataView(streaming.buffer).setUint32(40, 0xffffffff, true)
    const tagged = writeWavAigc(streaming, LABEL)
    expect(readWavInfo(tagged).frameCount).toBe(readWavInfo(wav).frameCount)
    expect(readWavAigc(tagged)).toEqual(LABEL)
  })

  it('returns null for a file without the label', () => {
    expect(readWavAigc(wav)).toBeNull()
  })
})
