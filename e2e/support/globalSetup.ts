/**
 * The e2e project's global setup: what every file used to make for itself, made once per run.
 *
 * One Chromium, which each file connects to and makes its own contexts in. And one data folder per
 * number of seed works the files ask for, left by a first start of the real server that was let
 * finish: migrations, the demo voting activity, the seed works and, with works, the AI zone's
 * examples. Each file's server starts on a copy of one (startPreparedPlatform), so its start only
 * opens a database, and the files share no data: two of them can run at once.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AI_JOB_KINDS, type ShareExamples, type WorkItem } from '@gy/api/contract'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import {
  CHROMIUM_LAUNCH_OPTIONS,
  type DataTemplate,
  findDemoActivity,
  freePort,
  signedCall,
  startServer,
  stopServer,
  waitUntil,
} from './platform'

/** The numbers of seed works the files ask for (`seedWorks`), in increasing order. */
const SEED_WORKS = [0, 1, 2]

/**
 * Whether the background work of a first start with `seedWorks` works is finished, as the API
 * shows it (server/src/seed/seedPlugin.ts): the demo activity with every seed work among its
 * options and, when there are works, an example of every AI tool, which the demo account makes
 * only once the last work is listed.
 */
async function firstStartDone(baseUrl: string, seedWorks: number): Promise<true | undefined> {
  if ((await findDemoActivity(baseUrl, seedWorks)) === undefined) return undefined
  if (seedWorks === 0) return true
  const works = await signedCall<WorkItem[]>(baseUrl, 'music-server/homePage/queryGoodsWeb')
  if (works.data.length < seedWorks) return undefined
  const examples = await signedCall<ShareExamples>(baseUrl, 'ai-server/musicfy/shareExamples')
  const kinds = new Set(examples.data.records.map((example) => example.kind))
  return AI_JOB_KINDS.every((kind) => kinds.has(kind)) ? true : undefined
}

/**
 * Starts the server on `dataDir` with `seedWorks`, waits until its first-start work is done and
 * stops it with SIGTERM, which closes the database: the folder it leaves can be copied.
 */
async function finishFirstStart(dataDir: string, seedWorks: number): Promise<void> {
  const output = { text: '' }
  const port = await freePort()
  // The first of them (initdb and every migration) went past the default 150 s at a load of 13.
  const child = await startServer({ port, dataDir, seedWorks, output, startTimeoutMs: 400_000 })
  try {
    await waitUntil(
      () => firstStartDone(`http://127.0.0.1:${port}`, seedWorks),
      `the first start with ${seedWorks} seed works to finish`,
      // Composing two songs and running the three AI examples took four minutes at a load of 12.
      { timeoutMs: 900_000, intervalMs: 250, log: () => output.text },
    )
  } finally {
    await stopServer(child)
  }
  if (child.exitCode !== 0) {
    throw new Error(`the server did not stop cleanly (exit ${child.exitCode}):\n${output.text}`)
  }
}

/**
 * One folder goes through the counts in increasing order, a copy kept after each: a start with
 * more seed works on a folder seeded with fewer composes only the missing ones.
 */
async function prepareDataTemplates(directory: string): Promise<DataTemplate[]> {
  const working = join(directory, 'working')
  const templates: DataTemplate[] = []
  for (const seedWorks of SEED_WORKS) {
    const started = Date.now()
    await finishFirstStart(working, seedWorks)
    const dataDir = join(directory, `seed-works-${seedWorks}`)
    await cp(working, dataDir, { recursive: true })
    templates.push({ seedWorks, dataDir })
    console.log(`e2e: data folder with ${seedWorks} seed works in ${Date.now() - started} ms`)
  }
  await rm(working, { recursive: true, force: true })
  return templates
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browserServer = await chromium.launchServer(CHROMIUM_LAUNCH_OPTIONS)
  const directory = await mkdtemp(join(tmpdir(), 'gy-e2e-templates-'))
  const teardown = async (): Promise<void> => {
    await browserServer.close()
    await rm(directory, { recursive: true, force: true })
  }
  try {
    project.provide('e2eDataTemplates', await prepareDataTemplates(directory))
  } catch (error) {
    await teardown()
    throw error
  }
  project.provide('e2eChromiumEndpoint', browserServer.wsEndpoint())
  return teardown
}
