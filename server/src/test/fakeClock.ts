/** A clock that only moves when told to, for `buildApp({ clock })` and `createTestApp({ clock })`. */
export interface FakeClock {
  now: () => Date
  advance: (milliseconds: number) => void
}

export function createFakeClock(start: Date = new Date('2026-03-01T02:00:00.000Z')): FakeClock {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds
    },
  }
}
