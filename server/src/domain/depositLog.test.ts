import {
  fromHex,
  leafHash,
  nodeHash,
  toHex,
  verifyConsistency,
  verifyInclusion,
} from '@gy/api/merkle'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/testApp'
import {
  appendLeaf,
  consistencyProof,
  inclusionProof,
  logSize,
  rootHashAt,
  sha256,
} from './depositLog'

/** MTH straight from RFC 9162 section 2.1.1, recursive, over leaf byte strings. */
async function referenceRoot(leaves: readonly Uint8Array[]): Promise<Uint8Array> {
  if (leaves.length === 0) return sha256(new Uint8Array())
  if (leaves.length === 1) return leafHash(sha256, leaves[0] as Uint8Array)
  let k = 1
  while (k * 2 < leaves.length) k *= 2
  return nodeHash(
    sha256,
    await referenceRoot(leaves.slice(0, k)),
    await referenceRoot(leaves.slice(k)),
  )
}

// The RFC 6962 test vectors of the Certificate Transparency reference implementations: eight
// leaves and the root of each prefix.
const VECTOR_LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
]
const VECTOR_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
]

describe('the deposit log (RFC 9162 Merkle tree over stored subtrees)', () => {
  let app: FastifyInstance
  const leaves: Uint8Array[] = []
  const appendProofs: Array<{ index: number; path: string[]; rootHash: string }> = []
  const LEAF_COUNT = 70

  beforeAll(async () => {
    app = await createTestApp()
    for (const hex of VECTOR_LEAVES) leaves.push(fromHex(hex) as Uint8Array)
    while (leaves.length < LEAF_COUNT) {
      leaves.push(new TextEncoder().encode(`GYCD-TEST-${leaves.length}\n${'ab'.repeat(32)}`))
    }
    for (const [index, leaf] of leaves.entries()) {
      const appended = await appendLeaf(app.db, index, leaf)
      appendProofs.push({ ...appended, index })
    }
  })
  afterAll(async () => {
    await app.close()
  })

  it('matches the published roots of the first eight leaves', async () => {
    for (const [index, expected] of VECTOR_ROOTS.entries()) {
      expect(await rootHashAt(app.db, index + 1)).toBe(expected)
    }
  })

  it('has the root the RFC’s recursive definition gives, for every size', async () => {
    expect(await logSize(app.db)).toBe(LEAF_COUNT)
    expect(await rootHashAt(app.db, 0)).toBe(toHex(sha256(new Uint8Array())))
    for (let size = 1; size <= LEAF_COUNT; size++) {
      expect(await rootHashAt(app.db, size)).toBe(toHex(await referenceRoot(leaves.slice(0, size))))
    }
  })

  it('proves every leaf in every tree that holds it, in at most log2 n hashes', async () => {
    for (let size = 1; size <= LEAF_COUNT; size += 3) {
      const root = await rootHashAt(app.db, size)
      for (let index = 0; index < size; index++) {
        const { path, rootHash } = await inclusionProof(app.db, index, size)
        expect(rootHash).toBe(root)
        expect(path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(size)))
        const hash = await leafHash(sha256, leaves[index] as Uint8Array)
        expect(await verifyInclusion(sha256, index, size, hash, path, root)).toBe(true)
      }
    }
  })

  it('answers each append with the new leaf’s proof and the new root, the same as read later', async () => {
    for (const appended of appendProofs) {
      const later = await inclusionProof(app.db, appended.index, appended.index + 1)
      expect(appended.path).toEqual(later.path)
      expect(appended.rootHash).toBe(later.rootHash)
    }
  })

  it('proves every tree consistent with every later one', async () => {
    for (let from = 1; from <= LEAF_COUNT; from += 2) {
      const first = await rootHashAt(app.db, from)
      for (let to = from; to <= LEAF_COUNT; to += 5) {
        const proof = await consistencyProof(app.db, from, to)
        const second = await rootHashAt(app.db, to)
        expect(await verifyConsistency(sha256, from, to, proof, first, second)).toBe(true)
      }
    }
  })

  it('rejects a changed leaf, path, index, size or root', async () => {
    const size = 37
    const index = 21
    const root = await rootHashAt(app.db, size)
    const { path } = await inclusionProof(app.db, index, size)
    const hash = await leafHash(sha256, leaves[index] as Uint8Array)
    const flipped = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1)
    const other = await leafHash(sha256, leaves[index + 1] as Uint8Array)
    expect(await verifyInclusion(sha256, index, size, other, path, root)).toBe(false)
    expect(await verifyInclusion(sha256, index + 1, size, hash, path, root)).toBe(false)
    expect(await verifyInclusion(sha256, index, size + 30, hash, path, root)).toBe(false)
    expect(await verifyInclusion(sha256, index, size, hash, path, flipped(root))).toBe(false)
    expect(await verifyInclusion(sha256, index, size, hash, path.slice(1), root)).toBe(false)
    expect(await verifyInclusion(sha256, index, size, hash, [...path, path[0] ?? ''], root)).toBe(
      false,
    )
    for (let at = 0; at < path.length; at++) {
      const tampered = path.map((node, position) => (position === at ? flipped(node) : node))
      expect(await verifyInclusion(sha256, index, size, hash, tampered, root)).toBe(false)
    }
    expect(await verifyInclusion(sha256, index, size, hash, ['zz'], root)).toBe(false)

    const proof = await consistencyProof(app.db, 13, 50)
    const first = await rootHashAt(app.db, 13)
    const second = await rootHashAt(app.db, 50)
    expect(await verifyConsistency(sha256, 13, 50, proof, first, second)).toBe(true)
    expect(await verifyConsistency(sha256, 13, 50, proof, flipped(first), second)).toBe(false)
    expect(await verifyConsistency(sha256, 13, 50, proof, first, flipped(second))).toBe(false)
    expect(await verifyConsistency(sha256, 14, 50, proof, first, second)).toBe(false)
    expect(await verifyConsistency(sha256, 13, 50, proof.slice(1), first, second)).toBe(false)
    expect(await verifyConsistency(sha256, 13, 50, [], first, second)).toBe(false)
    expect(await verifyConsistency(sha256, 50, 13, proof, second, first)).toBe(false)
  })
})
