/** A length in seconds as m:ss (3:05); unknown or negative lengths read 0:00. */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** The same length as an ISO 8601 duration (PT3M5S), for `<time dateTime>`. */
export function isoDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  return `PT${Math.floor(whole / 60)}M${whole % 60}S`
}
