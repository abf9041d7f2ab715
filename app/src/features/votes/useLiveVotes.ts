import {
  addVoteView,
  ApiError,
  castVote,
  myVotes,
  voteTotals,
  type AccountVoteDetail,
  type VoteTotals,
} from '@gy/api'
import { useEffect, useState } from 'react'
import { useRuntime, useSession } from '../../providers/runtime'
import { VOTE_TEXT as TEXT } from '../../strings.votes'

/** How often the totals are asked for while the page is visible. */
export const TOTALS_POLL_MS = 4_000

/**
 * What the details page keeps live: the totals (polled while the page is visible, and at once
 * after a vote), the viewer's own votes and remaining votes, and the vote action. A visitor who
 * votes gets the login dialog; a refusal (未开始, 已结束, a limit) shows its message.
 */
export function useLiveVotes(activityId: string): {
  totals: VoteTotals | null
  mine: AccountVoteDetail | null
  votingFor: string | null
  vote: (optionId: string, title: string) => Promise<void>
} {
  const { api, toasts, openLogin } = useRuntime()
  const { isLogin } = useSession()
  const [totals, setTotals] = useState<{ activityId: string; value: VoteTotals } | null>(null)
  const [mine, setMine] = useState<{ activityId: string; value: AccountVoteDetail } | null>(null)
  const [votingFor, setVotingFor] = useState<string | null>(null)
  const [version, setVersion] = useState(0)

  // One view per opening; the server counts it once per viewer per day however often it comes.
  useEffect(() => {
    if (activityId === '') return
    addVoteView(api, activityId).catch(() => undefined)
  }, [api, activityId])

  useEffect(() => {
    if (activityId === '') return
    let stopped = false
    let timer: number | undefined
    const load = () => {
      window.clearTimeout(timer)
      voteTotals(api, activityId)
        .then((value) => {
          if (!stopped) setTotals({ activityId, value })
        })
        .catch(() => undefined)
        .finally(() => {
          if (!stopped && document.visibilityState === 'visible') {
            timer = window.setTimeout(load, TOTALS_POLL_MS)
          }
        })
    }
    // A hidden tab stops asking; coming back asks at once.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') load()
      else window.clearTimeout(timer)
    }
    load()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      stopped = true
      window.clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [api, activityId, version])

  useEffect(() => {
    if (activityId === '' || !isLogin) return
    let stopped = false
    myVotes(api, activityId)
      .then((value) => {
        if (!stopped) setMine({ activityId, value })
      })
      .catch(() => undefined)
    return () => {
      stopped = true
    }
  }, [api, activityId, isLogin, version])

  async function vote(optionId: string, title: string): Promise<void> {
    if (!isLogin) {
      openLogin()
      return
    }
    setVotingFor(optionId)
    try {
      const cast = await castVote(api, activityId, optionId)
      toasts.show('success', TEXT.votedToast(title, cast.remainingToday))
    } catch (error) {
      toasts.show('error', error instanceof ApiError ? error.message : TEXT.loadFailed)
    } finally {
      setVotingFor(null)
      // Totals and the viewer's counts again, at once: both changed, or the refusal says why.
      setVersion((value) => value + 1)
    }
  }

  return {
    totals: totals?.activityId === activityId ? totals.value : null,
    mine: isLogin && mine?.activityId === activityId ? mine.value : null,
    votingFor,
    vote,
  }
}
