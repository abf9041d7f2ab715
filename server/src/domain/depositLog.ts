/**
 * The deposit log on the server: appending leaves and producing roots and proofs (RFC 9162
 * section 2.1.3.1 PATH and 2.1.4.1 SUBPROOF) from the stored complete subtrees (migration 0009).
 * Each operation reads the O(log n) subtree hashes it needs in one query; nothing recomputes the
 * tree. Verification lives in @gy/api/merkle, shared with the browser.
 */
import { createHash } from 'node:crypto'
import { leafHash, nodeHash, toHex } from '@gy/api/merkle'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'

export function sha256(bytes: Uint8Array): Uint8Array {
  return createHash('sha256').update(bytes).digest()
}

/** A complete subtree: leaves index·2^level … (index+1)·2^level − 1. */
export interface NodeId {
  level: number
  index: number
}

/** [start, end): a run of leaves. */
type LeafRange = readonly [number, number]

const keyOf = (node: NodeId): string => `${node.level}:${node.index}`

function isPowerOfTwo(value: number): boolean {
  return value > 0 && Number.isInteger(Math.log2(value))
}

/** The largest power of two smaller than `size` (size > 1), the RFC's k. */
function splitPoint(size: number): number {
  let k = 1
  while (k * 2 < size) k *= 2
  return k
}

/** The complete subtrees whose hashes make MTH of the leaves [start, end). */
export function rangeNodes([start, end]: LeafRange): NodeId[] {
  const size = end - start
  if (size <= 0) return []
  if (isPowerOfTwo(size)) return [{ level: Math.log2(size), index: start / size }]
  const k = splitPoint(size)
  return [{ level: Math.log2(k), index: start / k }, ...rangeNodes([start + k, end])]
}

/** RFC 9162 2.1.3.1 PATH(m, D[start:end]), as the leaf ranges whose hashes it lists. */
export function inclusionRanges(m: number, start: number, end: number): LeafRange[] {
  const size = end - start
  if (size <= 1) return []
  const k = splitPoint(size)
  return m < k
    ? [...inclusionRanges(m, start, start + k), [start + k, end]]
    : [...inclusionRanges(m - k, start + k, end), [start, start + k]]
}

/** RFC 9162 2.1.4.1 SUBPROOF(m, D[start:end], b), as leaf ranges. */
export function consistencyRanges(
  m: number,
  start: number,
  end: number,
  isWholeOldTree: boolean,
): LeafRange[] {
  const size = end - start
  if (m === size) return isWholeOldTree ? [] : [[start, end]]
  const k = splitPoint(size)
  return m <= k
    ? [...consistencyRanges(m, start, start + k, isWholeOldTree), [start + k, end]]
    : [...consistencyRanges(m - k, start + k, end, false), [start, start + k]]
}

type NodeHashes = Map<string, Uint8Array>

async function readNodes(db: Kysely<Database>, ids: readonly NodeId[]): Promise<NodeHashes> {
  const unique = [...new Map(ids.map((id) => [keyOf(id), id])).values()]
  if (unique.length === 0) return new Map()
  const rows = await db
    .selectFrom('deposit_log_nodes')
    .select(['level', 'node_index', 'hash'])
    .where((eb) =>
      eb.or(
        unique.map((id) =>
          eb.and([eb('level', '=', id.level), eb('node_index', '=', String(id.index))]),
        ),
      ),
    )
    .execute()
  return new Map(rows.map((row) => [`${row.level}:${row.node_index}`, new Uint8Array(row.hash)]))
}

function stored(nodes: NodeHashes, id: NodeId): Uint8Array {
  const hash = nodes.get(keyOf(id))
  if (hash === undefined) throw new Error(`deposit log node ${keyOf(id)} is missing`)
  return hash
}

/** MTH of [start, end) from its complete subtrees, combined right to left as the RFC splits. */
async function rangeHash(range: LeafRange, nodes: NodeHashes): Promise<Uint8Array> {
  const parts = rangeNodes(range).map((id) => stored(nodes, id))
  let hash = parts.pop()
  if (hash === undefined) return sha256(new Uint8Array())
  while (parts.length > 0) hash = await nodeHash(sha256, parts.pop() as Uint8Array, hash)
  return hash
}

async function rangeHashes(db: Kysely<Database>, ranges: readonly LeafRange[]): Promise<string[]> {
  const nodes = await readNodes(db, ranges.flatMap(rangeNodes))
  const hashes: string[] = []
  for (const range of ranges) hashes.push(toHex(await rangeHash(range, nodes)))
  return hashes
}

/** How many leaves the log holds. */
export async function logSize(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('deposit_log_nodes')
    .select((eb) => eb.fn.max('node_index').as('last'))
    .where('level', '=', 0)
    .executeTakeFirst()
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1
}

export interface AppendedLeaf {
  leafHash: Uint8Array
  /** The leaf's inclusion proof in the tree it completes (size index + 1), lowercase hex. */
  path: string[]
  /** That tree's root hash, lowercase hex. */
  rootHash: string
}

/**
 * Appends leaf number `index` (the caller holds the log's lock and knows the size). One read
 * brings the complete subtrees left of the new leaf: they are the siblings its new parents
 * combine, its inclusion proof in the new tree (smallest first, as RFC 9162's PATH lists them)
 * and, folded, the new root. One write stores the leaf and every subtree it completes.
 */
export async function appendLeaf(
  db: Kysely<Database>,
  index: number,
  leaf: string | Uint8Array,
): Promise<AppendedLeaf> {
  const hash = await leafHash(sha256, leaf)
  const frontier = rangeNodes([0, index]).reverse()
  const nodes = await readNodes(db, frontier)
  const rows = [{ level: 0, node_index: index, hash }]
  let current = hash
  for (const sibling of frontier) {
    current = await nodeHash(sha256, stored(nodes, sibling), current)
    // A sibling of the same size as what is built so far makes a new complete subtree.
    if (sibling.level === rows[rows.length - 1]?.level) {
      rows.push({ level: sibling.level + 1, node_index: sibling.index / 2, hash: current })
    }
  }
  await db.insertInto('deposit_log_nodes').values(rows).execute()
  return {
    leafHash: hash,
    path: frontier.map((sibling) => toHex(stored(nodes, sibling))),
    rootHash: toHex(current),
  }
}

/** The root hash (hex) of the first `size` leaves. */
export async function rootHashAt(db: Kysely<Database>, size: number): Promise<string> {
  const [root] = await rangeHashes(db, [[0, size]])
  return root ?? toHex(sha256(new Uint8Array()))
}

/** The inclusion proof of leaf `index` in the tree of `size` leaves, and that tree's root. */
export async function inclusionProof(
  db: Kysely<Database>,
  index: number,
  size: number,
): Promise<{ path: string[]; rootHash: string }> {
  const [rootHash = '', ...path] = await rangeHashes(db, [
    [0, size],
    ...inclusionRanges(index, 0, size),
  ])
  return { path, rootHash }
}

/** The consistency proof from the tree of `from` leaves to the tree of `to` leaves. */
export async function consistencyProof(
  db: Kysely<Database>,
  from: number,
  to: number,
): Promise<string[]> {
  if (from === to) return []
  return rangeHashes(db, consistencyRanges(from, 0, to, true))
}
