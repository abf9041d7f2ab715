/**
 * The deposit log's Ed25519 key: it signs checkpoints, so anyone holding the public key can check
 * a root hash came from the platform. It never lives in the database (whoever could rewrite the
 * log could then re-sign it): DEPOSIT_LOG_SIGNING_KEY in production, or a key file the embedded
 * default makes on first start beside the data (README "The deposit log").
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { checkpointText } from '@gy/api/merkle'

export const DEPOSIT_LOG_KEY_FILE = 'deposit-log-ed25519.pem'
// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): this prefix, then the 32 bytes.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

export interface DepositLogSigner {
  /** Base64 of the raw 32-byte public key, as checkpoints carry it. */
  publicKey: string
  /** Base64 Ed25519 signature of the checkpoint text (deterministic: the same tree, the same signature). */
  signCheckpoint(treeSize: number, rootHash: string): string
}

/** A key from PEM text or the base64 of a 32-byte seed. */
export function parseSigningKey(text: string): KeyObject {
  const trimmed = text.trim()
  const key = trimmed.startsWith('-----BEGIN')
    ? createPrivateKey(trimmed)
    : (() => {
        const seed = Buffer.from(trimmed, 'base64')
        if (seed.length !== 32) {
          throw new Error('DEPOSIT_LOG_SIGNING_KEY must be a PKCS#8 PEM or the base64 of 32 bytes')
        }
        return createPrivateKey({
          key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
          format: 'der',
          type: 'pkcs8',
        })
      })()
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error('DEPOSIT_LOG_SIGNING_KEY is not an Ed25519 key')
  }
  return key
}

function isAlreadyThere(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST'
}

/** The key file under `dataDir`, made (mode 0600) the first time; two starts agree on one. */
async function loadOrCreateKeyFile(dataDir: string): Promise<string> {
  const keyPath = path.join(dataDir, DEPOSIT_LOG_KEY_FILE)
  await mkdir(dataDir, { recursive: true })
  try {
    return await readFile(keyPath, 'utf8')
  } catch {
    // Not there yet: made below.
  }
  const { privateKey } = generateKeyPairSync('ed25519')
  const candidate = `${keyPath}.${process.pid}.tmp`
  await writeFile(candidate, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 })
  try {
    await link(candidate, keyPath)
  } catch (error) {
    if (!isAlreadyThere(error)) throw error
  } finally {
    await rm(candidate, { force: true })
  }
  return readFile(keyPath, 'utf8')
}

export function createDepositLogSigner(privateKey: KeyObject): DepositLogSigner {
  const publicDer = createPublicKey(privateKey).export({ format: 'der', type: 'spki' })
  return {
    publicKey: publicDer.subarray(publicDer.length - 32).toString('base64'),
    signCheckpoint: (treeSize, rootHash) =>
      sign(null, Buffer.from(checkpointText(treeSize, rootHash), 'utf8'), privateKey).toString(
        'base64',
      ),
  }
}

export async function loadDepositLogSigner(config: {
  depositLogSigningKey: string | null
  dataDir: string
}): Promise<DepositLogSigner> {
  const text = config.depositLogSigningKey ?? (await loadOrCreateKeyFile(config.dataDir))
  return createDepositLogSigner(parseSigningKey(text))
}
