import { generateKeyPairSync, sign } from 'node:crypto'
import type { Checkpoint, VerifyResult } from '@gy/api'
import { checkpointText, leafHash, leafText, nodeHash, toHex } from '@gy/api/merkle'
import { describe, expect, it } from 'vitest'
import { sha256, verifyFileHash, type DepositLogReader } from './verifyDeposit'

const keys = generateKeyPairSync('ed25519')
const publicKey = keys.publicKey
  .export({ format: 'der', type: 'spki' })
  .subarray(12)
  .toString('base64')

function signed(treeSize: number, rootHash: string): Checkpoint {
  return {
    treeSize,
    rootHash,
    publicKey,
    signature: sign(
      null,
      Buffer.from(checkpointText(treeSize, rootHash)),
      keys.privateKey,
    ).toString('base64'),
  }
}

/** A log of two deposits; the file is the first. */
async function twoLeafLog() {
  const fileHash = 'ab'.repeat(32)
  const deposit = {
    certificateNo: 'GYCD-20261124-00000000',
    title: '夜曲',
    depositedAt: '2026-11-24T00:00:00.000Z',
    logIndex: 0,
    ownerName: 'GY用户8000',
  }
  const first = await leafHash(
    sha256,
    leafText(deposit.certificateNo, fileHash, deposit.depositedAt),
  )
  const second = await leafHash(sha256, 'another leaf')
  const root = toHex(await nodeHash(sha256, first, second))
  const answer: VerifyResult = { found: true, deposit, treeSize: 2, inclusionPath: [toHex(second)] }
  return { fileHash, answer, root }
}

function reader(answer: VerifyResult, point: Checkpoint): DepositLogReader {
  return { verify: async () => answer, checkpoint: async () => point }
}

const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1)

describe('the browser’s verification of a deposit', () => {
  it('accepts a true answer', async () => {
    const { fileHash, answer, root } = await twoLeafLog()
    const verdict = await verifyFileHash(fileHash, reader(answer, signed(2, root)))
    expect(verdict.kind).toBe('valid')
  })

  it('says so when the file was never deposited', async () => {
    const verdict = await verifyFileHash('cd'.repeat(32), reader({ found: false }, signed(0, '')))
    expect(verdict.kind).toBe('notFound')
  })

  it('catches a tampered proof, root, signature, key, time or tree size', async () => {
    const { fileHash, answer, root } = await twoLeafLog()
    if (!answer.found) throw new Error('unreachable')
    const cases: Array<[string, VerifyResult, Checkpoint, string]> = [
      [
        'proof',
        { ...answer, inclusionPath: [flip(answer.inclusionPath[0] ?? '')] },
        signed(2, root),
        'proof',
      ],
      [
        'deposit time',
        { ...answer, deposit: { ...answer.deposit, depositedAt: '2020-01-01T00:00:00.000Z' } },
        signed(2, root),
        'proof',
      ],
      [
        'root (re-signed by another key)',
        answer,
        { ...signed(2, flip(root)), publicKey: Buffer.alloc(32, 1).toString('base64') },
        'signature',
      ],
      [
        'root under the real signature',
        answer,
        { ...signed(2, root), rootHash: flip(root) },
        'signature',
      ],
      [
        'signature',
        answer,
        { ...signed(2, root), signature: Buffer.alloc(64).toString('base64') },
        'signature',
      ],
      ['tree size', answer, signed(3, root), 'signature'],
    ]
    for (const [name, tampered, point, reason] of cases) {
      const verdict = await verifyFileHash(fileHash, reader(tampered, point))
      expect([name, verdict.kind, verdict.kind === 'invalid' ? verdict.reason : '']).toEqual([
        name,
        'invalid',
        reason,
      ])
    }
  })
})
