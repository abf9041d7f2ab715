import { generateKeyPairSync } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  DEPOSIT_LOG_KEY_FILE,
  createDepositLogSigner,
  loadDepositLogSigner,
  parseSigningKey,
} from './depositLogKey'

describe('the deposit log signing key', () => {
  const folders: string[] = []
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
  })

  it('reads a PEM key and a base64 seed, and refuses anything else', () => {
    const { privateKey } = generateKeyPairSync('ed25519')
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
    expect(createDepositLogSigner(parseSigningKey(pem)).publicKey).toBe(
      createDepositLogSigner(privateKey).publicKey,
    )
    const seed = Buffer.alloc(32, 7).toString('base64')
    expect(
      Buffer.from(createDepositLogSigner(parseSigningKey(seed)).publicKey, 'base64'),
    ).toHaveLength(32)
    expect(() => parseSigningKey(Buffer.alloc(31).toString('base64'))).toThrow()
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey
    expect(() => parseSigningKey(rsa.export({ format: 'pem', type: 'pkcs8' }).toString())).toThrow(
      /Ed25519/,
    )
  })

  it('makes a key file readable by its owner only on first start, and keeps it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gy-key-'))
    folders.push(dataDir)
    const first = await loadDepositLogSigner({ depositLogSigningKey: null, dataDir })
    const second = await loadDepositLogSigner({ depositLogSigningKey: null, dataDir })
    expect(second.publicKey).toBe(first.publicKey)
    const keyPath = path.join(dataDir, DEPOSIT_LOG_KEY_FILE)
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600)
    expect(await readFile(keyPath, 'utf8')).toContain('BEGIN PRIVATE KEY')
    // Signatures are deterministic: a checkpoint re-signed later is the same text.
    expect(first.signCheckpoint(3, 'ab'.repeat(32))).toBe(second.signCheckpoint(3, 'ab'.repeat(32)))
  })
})
