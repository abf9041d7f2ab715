/**
 * The `Range` header of a file read (RFC 9110 section 14), for one range of bytes. Several ranges
 * in one request (multipart/byteranges) are not served: no media player asks for them, so they
 * are refused as unsatisfiable like any range the server will not serve.
 */
import type { ByteRange } from '../storage/fileStorage'

export type RangeRequest =
  { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' }

/** Digits only, and few enough to stay an exact integer. */
const POSITION = /^\d{1,15}$/

/** Reads `header` against a file of `size` bytes. An absent header asks for the whole file. */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' }
  const match = /^bytes=(.*)$/.exec(header.trim())
  const spec = match?.[1]?.trim()
  if (spec === undefined || spec === '' || spec.includes(',')) return { kind: 'unsatisfiable' }
  const dash = spec.indexOf('-')
  if (dash < 0) return { kind: 'unsatisfiable' }
  const first = spec.slice(0, dash).trim()
  const last = spec.slice(dash + 1).trim()

  if (first === '') {
    // A suffix: the last N bytes (all of them when N is larger than the file).
    if (!POSITION.test(last)) return { kind: 'unsatisfiable' }
    const length = Number(last)
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } }
  }
  if (!POSITION.test(first) || (last !== '' && !POSITION.test(last))) {
    return { kind: 'unsatisfiable' }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (start >= size || (last !== '' && Number(last) < start)) return { kind: 'unsatisfiable' }
  return { kind: 'partial', range: { start, end } }
}
