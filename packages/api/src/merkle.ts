/**
 * The deposit log's Merkle tree as RFC 9162 (Certificate Transparency v2) section 2.1 defines it:
 * leaf hash SHA-256(0x00 || leaf), node hash SHA-256(0x01 || left || right). This module holds
 * what both sides need: the texts that are hashed and signed, and the verification of inclusion
 * and consistency proofs. The hash function comes in from outside, because the browser has only
 * the asynchronous Web Crypto and the server has node:crypto.
 */

/** SHA-256 of the bytes, whichever way the caller computes it. */
export type Sha256 = (bytes: Uint8Array) => Promise<Uint8Array> | Uint8Array

const LEAF_PREFIX = 0x00
const NODE_PREFIX = 0x01
const textEncoder = new TextEncoder()

/** The leaf of one deposit, as CONTRACT.md fixes it. */
export function leafText(certificateNo: string, sha256: string, depositedAt: string): string {
  return `${certificateNo}\n${sha256}\n${depositedAt}`
}

/** What the platform signs for a checkpoint (a tree head). */
export function checkpointText(treeSize: number, rootHash: string): string {
  return `gy-deposit-log\n${treeSize}\n${rootHash}\n`
}

export function toHex(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0')
  return text
}

/** Lowercase or uppercase hex to bytes; null for anything that is not whole bytes of hex. */
export function fromHex(text: string): Uint8Array | null {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) return null
  const bytes = new Uint8Array(text.length / 2)
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Number.parseInt(text.slice(index * 2, index * 2 + 2), 16)
  }
  return bytes
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

export async function leafHash(sha256: Sha256, leaf: string | Uint8Array): Promise<Uint8Array> {
  const bytes = typeof leaf === 'string' ? textEncoder.encode(leaf) : leaf
  return sha256(concat(Uint8Array.of(LEAF_PREFIX), bytes))
}

export async function nodeHash(
  sha256: Sha256,
  left: Uint8Array,
  right: Uint8Array,
): Promise<Uint8Array> {
  return sha256(concat(Uint8Array.of(NODE_PREFIX), left, right))
}

function equalBytes(left: Uint8Array, right: Uint8Array): boolean {
  return left.length === right.length && left.every((byte, index) => byte === right[index])
}

/** Proof hashes as bytes; null when one is not a 32-byte hex hash. */
function proofBytes(proof: readonly string[]): Uint8Array[] | null {
  const hashes = proof.map(fromHex)
  return hashes.every((hash): hash is Uint8Array => hash !== null && hash.length === 32)
    ? hashes
    : null
}

function isSize(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0
}

/**
 * RFC 9162 section 2.1.3.2: whether `proof` shows the leaf with hash `leaf` at `leafIndex` in the
 * tree of `treeSize` leaves whose root is `rootHash` (hex).
 */
export async function verifyInclusion(
  sha256: Sha256,
  leafIndex: number,
  treeSize: number,
  leaf: Uint8Array,
  proof: readonly string[],
  rootHash: string,
): Promise<boolean> {
  const root = fromHex(rootHash)
  const path = proofBytes(proof)
  if (root === null || path === null || !isSize(leafIndex) || !isSize(treeSize)) return false
  if (leafIndex >= treeSize) return false
  let fn = leafIndex
  let sn = treeSize - 1
  let result = leaf
  for (const sibling of path) {
    if (sn === 0) return false
    if (fn % 2 === 1 || fn === sn) {
      result = await nodeHash(sha256, sibling, result)
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2)
          sn = Math.floor(sn / 2)
        }
      }
    } else {
      result = await nodeHash(sha256, result, sibling)
    }
    fn = Math.floor(fn / 2)
    sn = Math.floor(sn / 2)
  }
  return sn === 0 && equalBytes(result, root)
}

function isPowerOfTwo(value: number): boolean {
  return value > 0 && (value & (value - 1)) === 0
}

/**
 * RFC 9162 section 2.1.4.2: whether `proof` shows the tree of `secondSize` leaves (root
 * `secondRoot`) extends the tree of `firstSize` leaves (root `firstRoot`) without changing it.
 */
export async function verifyConsistency(
  sha256: Sha256,
  firstSize: number,
  secondSize: number,
  proof: readonly string[],
  firstRoot: string,
  secondRoot: string,
): Promise<boolean> {
  const first = fromHex(firstRoot)
  const second = fromHex(secondRoot)
  const given = proofBytes(proof)
  if (first === null || second === null || given === null) return false
  if (!isSize(firstSize) || !isSize(secondSize) || firstSize < 1 || firstSize > secondSize) {
    return false
  }
  // The same tree: nothing to prove beyond the roots being equal.
  if (firstSize === secondSize) return given.length === 0 && equalBytes(first, second)
  if (given.length === 0) return false
  const path = isPowerOfTwo(firstSize) ? [first, ...given] : given
  let fn = firstSize - 1
  let sn = secondSize - 1
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2)
    sn = Math.floor(sn / 2)
  }
  const [start, ...rest] = path
  if (start === undefined) return false
  let firstResult = start
  let secondResult = start
  for (const node of rest) {
    if (sn === 0) return false
    if (fn % 2 === 1 || fn === sn) {
      firstResult = await nodeHash(sha256, node, firstResult)
      secondResult = await nodeHash(sha256, node, secondResult)
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2)
          sn = Math.floor(sn / 2)
        }
      }
    } else {
      secondResult = await nodeHash(sha256, secondResult, node)
    }
    fn = Math.floor(fn / 2)
    sn = Math.floor(sn / 2)
  }
  return sn === 0 && equalBytes(firstResult, first) && equalBytes(secondResult, second)
}
