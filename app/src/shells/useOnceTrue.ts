import { useState } from 'react'

/**
 * True from the first render where `condition` holds, and forever after. Lets a shell load a
 * dialog's code only when it is first needed, then keep it mounted so it can animate closed.
 */
export function useOnceTrue(condition: boolean): boolean {
  const [seen, setSeen] = useState(condition)
  if (condition && !seen) setSeen(true)
  return seen || condition
}
