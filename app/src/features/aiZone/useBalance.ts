import { pointsBalance } from '@gy/api'
import { useCallback, useEffect, useState } from 'react'
import { useRuntime, useSession } from '../../providers/runtime'

export type Balance =
  | { state: 'visitor' }
  | { state: 'loading' }
  | { state: 'unknown' }
  | { state: 'ready'; points: number }

/**
 * The logged-in user's points (ai/music/integral), read on arrival and again after `refresh` (a
 * job accepted, refunded or retried); a visitor has none and nothing is asked. A failure only
 * leaves the balance unknown: the tools work without it, and the server judges the points.
 */
export function useBalance(): { balance: Balance; refresh: () => void } {
  const { api } = useRuntime()
  const { userInfo } = useSession()
  const userId = userInfo?.userId
  const [round, setRound] = useState(0)
  const [read, setRead] = useState<{ key: string; balance: Balance } | null>(null)
  const key = `${userId ?? ''}#${round}`

  useEffect(() => {
    if (userId === undefined) return
    let current = true
    pointsBalance(api).then(
      ({ points }) => current && setRead({ key, balance: { state: 'ready', points } }),
      () => current && setRead({ key, balance: { state: 'unknown' } }),
    )
    return () => {
      current = false
    }
  }, [api, userId, key])

  const refresh = useCallback(() => setRound((value) => value + 1), [])
  const balance: Balance =
    userId === undefined
      ? { state: 'visitor' }
      : read?.key === key
        ? read.balance
        : // While a refresh is on its way, the last known balance stays on screen.
          read?.balance.state === 'ready' && read.key.startsWith(`${userId}#`)
          ? read.balance
          : { state: 'loading' }
  return { balance, refresh }
}

/** Whether the balance is known to be below a cost (an unknown balance is not assumed short). */
export function isShort(balance: Balance, cost: number): boolean {
  return balance.state === 'ready' && balance.points < cost
}
