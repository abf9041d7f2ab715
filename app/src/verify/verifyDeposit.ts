/**
 * The public verification of a file, done in the browser: its SHA-256 is computed here (the file
 * never leaves the device), the platform is asked whether that hash is in the deposit log, and
 * the answer is checked, not trusted: the inclusion proof must lead to the root hash of a
 * checkpoint whose Ed25519 signature is the platform's.
 */
import type { Checkpoint, VerifyResult } from '@gy/api'
import { checkpointText, leafHash, leafText, toHex, verifyInclusion } from '@gy/api/merkle'

/** Web Crypto takes views of plain ArrayBuffers; anything else is copied into one. */
function plain(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : new Uint8Array(bytes)
}

export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', plain(bytes)))
}

export interface DepositLogReader {
  verify(sha256: string): Promise<VerifyResult>
  checkpoint(treeSize: number): Promise<Checkpoint>
}

export type Verdict =
  | { kind: 'notFound'; sha256: string }
  | {
      kind: 'valid'
      sha256: string
      deposit: Extract<VerifyResult, { found: true }>['deposit']
      checkpoint: Checkpoint
    }
  | { kind: 'invalid'; sha256: string; reason: 'signature' | 'proof' }

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0))
}

/** Whether `point` carries a valid Ed25519 signature by its public key. */
export async function checkpointSigned(point: Checkpoint): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey(
      'raw',
      fromBase64(point.publicKey),
      { name: 'Ed25519' },
      false,
      ['verify'],
    )
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      fromBase64(point.signature),
      new TextEncoder().encode(checkpointText(point.treeSize, point.rootHash)),
    )
  } catch {
    // A malformed key or signature proves nothing.
    return false
  }
}

export async function verifyFileHash(fileHash: string, log: DepositLogReader): Promise<Verdict> {
  const answer = await log.verify(fileHash)
  if (!answer.found) return { kind: 'notFound', sha256: fileHash }
  const point = await log.checkpoint(answer.treeSize)
  if (point.treeSize !== answer.treeSize || !(await checkpointSigned(point))) {
    return { kind: 'invalid', sha256: fileHash, reason: 'signature' }
  }
  const leaf = await leafHash(
    sha256,
    leafText(answer.deposit.certificateNo, fileHash, answer.deposit.depositedAt),
  )
  const included = await verifyInclusion(
    sha256,
    answer.deposit.logIndex,
    answer.treeSize,
    leaf,
    answer.inclusionPath,
    point.rootHash,
  )
  if (!included) return { kind: 'invalid', sha256: fileHash, reason: 'proof' }
  return { kind: 'valid', sha256: fileHash, deposit: answer.deposit, checkpoint: point }
}

export async function verifyFile(file: Blob, log: DepositLogReader): Promise<Verdict> {
  const hash = toHex(await sha256(new Uint8Array(await file.arrayBuffer())))
  return verifyFileHash(hash, log)
}
