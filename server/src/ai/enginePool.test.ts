/**
 * The engine threads' time limit: a task that runs past it is stopped and fails as a passing
 * failure (so its job is tried again or refunded), and the runner goes on with a new thread.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { createThreadedRunner, EngineTaskError } from './enginePool'

describe('createThreadedRunner', () => {
  // Long enough for a singer preview on a new thread, which starts the singing voice's speech
  // synthesiser cold (about 2 s on a busy machine); far too short for a whole song.
  const runner = createThreadedRunner(1, { taskTimeLimitMs: 8000 })
  afterAll(() => runner.close())

  it('stops a task that runs past its time limit, as a failure worth another try', async () => {
    // 32 lines at 60 BPM make songs of about 290 s (under the 420 s limit), whose rendering and
    // encoding take well over the 8 s; a smart-mode song of about three minutes once finished
    // inside it on a quiet machine.
    const lyrics = Array.from({ length: 32 }, () => '慢慢地唱着一首很长很长的歌').join('\n')
    const running = runner.run(
      {
        kind: 'generate',
        request: { mode: 'advanced', title: '长歌', lyrics, style: 'ballad', tempo: 60 },
      },
      () => undefined,
    )
    const failure = await running.then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(EngineTaskError)
    expect((failure as EngineTaskError).input).toBe(false)
  }, 60_000)

  it('starts a new thread for the next task', async () => {
    const output = await runner.run({ kind: 'preview', singer: 'bright-female' }, () => undefined)
    expect(output.kind).toBe('preview')
  }, 60_000)
})
