import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir, lockFileOf } from './dataDirLock'

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..')

/** Another process that takes the folder's lock and keeps it until it is killed. */
async function holderProcess(directory: string): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(path.join(import.meta.dirname, 'dataDirLock.ts'))}
await lockDataDir(${JSON.stringify(directory)})
console.log('held')
setInterval(() => {}, 1000)`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('held')) resolve()
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', () => reject(new Error(`the holder exited: ${output}`)))
  })
  return child
}

async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

describe('lockDataDir', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'gy-lock-'))
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('lets one holder in at a time, in one process too, and the next in once it lets go', async () => {
    const directory = path.join(root, 'one', 'pglite')
    const first = await lockDataDir(directory)
    expect(first.file).toBe(lockFileOf(directory))
    const second = lockDataDir(directory)
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError)
    await expect(second).rejects.toMatchObject({
      directory,
      holder: { pid: process.pid },
    })
    first.release()
    first.release()
    const third = await lockDataDir(directory)
    third.release()
  })

  it('refuses while another process holds the folder, naming the folder and the process, and is free the moment kill -9 ends it', async () => {
    const directory = path.join(root, 'two', 'pglite')
    const holder = await holderProcess(directory)
    try {
      const refused = await lockDataDir(directory).then(
        () => null,
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(DataDirLockedError)
      const message = (refused as Error).message
      expect(message).toContain(directory)
      expect(message).toContain(`process ${holder.pid}`)
      expect(message).toContain(`进程 ${holder.pid}`)
      expect(message).toContain('DATA_DIR')
    } finally {
      await killed(holder)
    }
    const startedAt = Date.now()
    const lock = await lockDataDir(directory)
    expect(Date.now() - startedAt).toBeLessThan(1_000)
    lock.release()
  })

  it('never lets two of many processes racing for one folder hold it together', async () => {
    const directory = path.join(root, 'race', 'pglite')
    const racers = await Promise.allSettled(
      Array.from({ length: 4 }, () => holderProcess(directory)),
    )
    const holders = racers.flatMap((racer) => (racer.status === 'fulfilled' ? [racer.value] : []))
    try {
      expect(holders).toHaveLength(1)
      const refusals = racers.flatMap((racer) =>
        racer.status === 'rejected' ? [String(racer.reason)] : [],
      )
      for (const refusal of refusals) expect(refusal).toContain(`process ${holders[0]?.pid}`)
    } finally {
      await Promise.all(holders.map(killed))
    }
  })
})
