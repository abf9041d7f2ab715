import { ApiError, workDetails } from '@gy/api'
import { EmptyState, Spinner } from '@gy/design-system'
import { normalizeTrack } from '@gy/machines'
import { useEffect, useState } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { useMachines, useRuntime } from '../../providers/runtime'
import { isMobileUserAgent } from '../../routes/routeTable'
import { VOTE_TEXT as TEXT } from '../../strings.votes'
import * as styles from './votes.css'

/**
 * /musicPush?musicId=...: the music push deep link (SPEC.md "Deep links"). A push record opens
 * the pushed work: on a phone in the mobile player page (whose open-app bar offers the app), on
 * a computer in the global player over the home page. The work is loaded, not started: a browser
 * lets sound start only from a tap.
 */
export function MusicPushPage() {
  const [params] = useSearchParams()
  const musicId = params.get('musicId') ?? params.get('id') ?? ''
  if (isMobileUserAgent(navigator.userAgent)) {
    return <Navigate to={`/m/mobilePlayer?musicId=${encodeURIComponent(musicId)}`} replace />
  }
  return <DesktopPush musicId={musicId} />
}

function DesktopPush({ musicId }: { musicId: string }) {
  const { api } = useRuntime()
  const { player } = useMachines()
  const [outcome, setOutcome] = useState<'loading' | 'ready' | string>('loading')
  useEffect(() => {
    let stopped = false
    workDetails(api, musicId).then(
      (work) => {
        if (stopped) return
        player.send({ type: 'player.load', track: normalizeTrack(work) })
        setOutcome('ready')
      },
      (error: unknown) => {
        if (!stopped) setOutcome(error instanceof ApiError ? error.message : TEXT.pushMissing)
      },
    )
    return () => {
      stopped = true
    }
  }, [api, player, musicId])

  if (outcome === 'ready') return <Navigate to="/home" replace />
  if (outcome === 'loading') {
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner size="md" />
        <span>{TEXT.pushOpening}</span>
      </div>
    )
  }
  return <EmptyState title={TEXT.pushMissing} hint={outcome} />
}
