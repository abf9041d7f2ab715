import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeFileStorage } from './fileStorage.contract'
import { LocalDiskStorage } from './localDiskStorage'

const roots: string[] = []

async function freshRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'gy-storage-'))
  roots.push(root)
  return root
}

afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })))
})

describeFileStorage('LocalDiskStorage', async () => {
  const root = await freshRoot()
  return {
    storage: new LocalDiskStorage(root),
    listEverything: async () =>
      (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .sort(),
  }
})

describe('LocalDiskStorage layout', () => {
  let root: string
  let storage: LocalDiskStorage
  beforeAll(async () => {
    root = await freshRoot()
    storage = new LocalDiskStorage(root)
  })

  it('keeps a file at <first two hex digits>/<sha256> with its type beside it', async () => {
    const bytes = new Uint8Array([1, 2, 3])
    const sha = createHash('sha256').update(bytes).digest('hex')
    await storage.put(bytes, 'audio/mpeg')
    expect(await readdir(path.join(root, sha.slice(0, 2)))).toEqual([sha, `${sha}.type`])
  })
})

describe('LocalDiskStorage.sweepTemporaries', () => {
  it('removes temporaries a killed upload left, and not one still being written', async () => {
    const root = await freshRoot()
    const storage = new LocalDiskStorage(root)
    await mkdir(path.join(root, 'tmp'))
    const stale = path.join(root, 'tmp', 'stale.part')
    const live = path.join(root, 'tmp', 'live.part')
    await writeFile(stale, 'half a file')
    await writeFile(live, 'being written')
    const now = new Date()
    const twoHoursAgo = new Date(now.getTime() - 2 * 60 * 60 * 1000)
    await utimes(stale, twoHoursAgo, twoHoursAgo)
    expect(await storage.sweepTemporaries(now, 60 * 60 * 1000)).toBe(1)
    expect(await readdir(path.join(root, 'tmp'))).toEqual(['live.part'])
    expect(await new LocalDiskStorage(await freshRoot()).sweepTemporaries(now, 0)).toBe(0)
  })
})
