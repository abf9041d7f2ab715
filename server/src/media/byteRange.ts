/**
 * The `Range` header of a file read (RFC 9110 section 14), read by `range-parser`. What the
 * server will not serve it ignores, as section 14.2 allows: a malformed header, another unit
 * than bytes, or several ranges (multipart/byteranges; no media player asks for them) get the
 * whole file. Only a well-formed range that lies outside the file is unsatisfiable (416).
 */
import parseRangeHeader from 'range-parser'
import type { ByteRange } from '../storage/fileStorage'

export type RangeRequest =
  { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' }

const MALFORMED = -2
const UNSATISFIABLE = -1
/** A suffix range; range-parser drops one longer than the file, which RFC 9110 serves whole. */
const SUFFIX = /^bytes=\s*-\s*(\d+)\s*$/

/** Reads `header` against a file of `size` bytes. An absent header asks for the whole file. */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' }
  const text = header.trim()
  // Another unit is ignored before its ranges are judged: they do not mean bytes.
  if (!text.startsWith('bytes=')) return { kind: 'whole' }
  const suffixLength = SUFFIX.exec(text)?.[1]
  if (suffixLength !== undefined && size > 0 && Number(suffixLength) > size) {
    return { kind: 'partial', range: { start: 0, end: size - 1 } }
  }
  const ranges = parseRangeHeader(size, text, { combine: true })
  if (ranges === MALFORMED) return { kind: 'whole' }
  if (ranges === UNSATISFIABLE) return { kind: 'unsatisfiable' }
  const [only, ...others] = ranges
  if (only === undefined || others.length > 0) return { kind: 'whole' }
  return { kind: 'partial', range: { start: only.start, end: only.end } }
}

/**
 * A range that runs to the end of the file, bounded to `maxBytes`. Chromium's media stack asks for
 * the rest of an audio file when it starts playing (`bytes=0-`), when it goes on (`bytes=N-<last
 * byte>`) and when it seeks, then reads the answer as fast as the link gives it: most of a
 * 10-minute MP3 arrived before the user seeked to its end. A 206 whose Content-Range says it ends
 * early is read as such, and the media stack asks again from where it stopped once it needs more,
 * so a listener receives about what is played and buffered ahead. A range that ends inside the
 * file is served as asked.
 */
export function boundRangeToEnd(
  request: RangeRequest,
  size: number,
  maxBytes: number,
): RangeRequest {
  if (request.kind !== 'partial' || request.range.end !== size - 1) return request
  const { start, end } = request.range
  return { kind: 'partial', range: { start, end: Math.min(end, start + maxBytes - 1) } }
}
