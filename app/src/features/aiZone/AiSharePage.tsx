import { ApiError, type SharedWork } from '@gy/api'
import { AI_MESSAGES, sharedWork, upvoteShare } from '@gy/api/aiZone'
import { Button, EmptyState, PageContainer, SharedWorkView, Spinner } from '@gy/design-system'
import { useState } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { useRuntime, useSession } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { isMobileUserAgent } from '../../routes/routeTable'
import { AI_TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { isSessionError } from './forms'
import { idFrom } from './query'
import { usePlayAudio, usePlayingId } from './useResultActions'

const TEXT = AI_TEXT.share

const isMissing = (message: string) =>
  message === AI_MESSAGES.aiShareNotFound || message === AI_MESSAGES.aiShareIdInvalid

/** What the upvote changed on screen: the count the server answered, and that it is pressed. */
interface Upvoted {
  shareId: string
  upvotes: number | null
}

function Shared({ work }: { work: SharedWork }) {
  const { api, openLogin, toasts } = useRuntime()
  const { isLogin } = useSession()
  const playAudio = usePlayAudio()
  const playingId = usePlayingId()
  const [upvoted, setUpvoted] = useState<Upvoted | null>(null)
  const [upvoting, setUpvoting] = useState(false)
  const mine = upvoted?.shareId === work.shareId ? upvoted : null

  async function upvote(): Promise<void> {
    // A visitor logs in first; the page reads the share again with the token once they have.
    if (!isLogin) {
      toasts.show('info', TEXT.loginToUpvote)
      openLogin()
      return
    }
    if (upvoting || work.upvoted || mine !== null) return
    setUpvoting(true)
    try {
      const { upvotes } = await upvoteShare(api, work.shareId)
      setUpvoted({ shareId: work.shareId, upvotes })
      toasts.show('success', TEXT.upvoted)
    } catch (error) {
      if (error instanceof ApiError && error.code === '409') {
        // Already upvoted (from another tab or device): show it pressed, the count as it was.
        setUpvoted({ shareId: work.shareId, upvotes: null })
        toasts.show('info', error.message)
      } else if (!isSessionError(error) && error instanceof Error) {
        toasts.show('error', error.message)
      }
    } finally {
      setUpvoting(false)
    }
  }

  return (
    <SharedWorkView
      name={work.name}
      author={work.author}
      cover={work.cover}
      duration={work.duration}
      lyric={work.lyric}
      upvotes={mine?.upvotes ?? work.upvotes}
      upvoted={work.upvoted || mine !== null}
      upvoting={upvoting}
      playing={playingId === work.shareId}
      kindLabel={AI_TEXT.kinds[work.kind]}
      onPlay={() =>
        playAudio({
          id: work.shareId,
          name: work.name,
          cover: work.cover,
          url: work.audioUrl,
          ...(work.lyric === '' ? {} : { lyric: work.lyric }),
        })
      }
      onUpvote={() => void upvote()}
    />
  )
}
Shared.displayName = 'Shared'

/**
 * /aiShare?shareId= (and /m/aiShare in the mobile shell): a shared AI work anyone can open without
 * logging in, to play through the app's player and upvote (a visitor is asked to log in first).
 * A phone that opens the desktop address is sent to the mobile one, the query kept.
 */
export function AiSharePage() {
  const { api } = useRuntime()
  const { isLogin } = useSession()
  const { pathname, search } = useLocation()
  // The shell is told by the address, so the route table needs no prop for it.
  const shell = pathname.startsWith('/m/') ? 'mobile' : 'desktop'
  const [params] = useSearchParams()
  const shareId = idFrom(params.get('shareId'))
  const onPhone = shell === 'desktop' && isMobileUserAgent(navigator.userAgent)
  const work = useApiData(
    `ai:share:${shareId ?? ''}:${isLogin}`,
    () => (shareId === null || onPhone ? Promise.resolve(null) : sharedWork(api, shareId, isLogin)),
    TEXT.missing,
  )

  if (onPhone) return <Navigate to={`/m/aiShare${search}`} replace />
  return (
    <PageContainer width="wide">
      <div className={styles.sharePage}>
        {work.state === 'loading' ? (
          <div className={styles.center} aria-busy="true">
            <Spinner size="lg" />
          </div>
        ) : work.state === 'ready' && work.data !== null ? (
          <Shared work={work.data} />
        ) : (
          // A share that does not exist says so; a failed request offers to try again.
          <EmptyState
            title={
              work.state === 'failed' && !isMissing(work.message)
                ? AI_TEXT.loadFailed
                : TEXT.missing
            }
            hint={work.state === 'failed' && !isMissing(work.message) ? work.message : undefined}
            action={
              work.state === 'failed' && !isMissing(work.message) ? (
                <Button onClick={work.retry}>{AI_TEXT.retry}</Button>
              ) : undefined
            }
          />
        )}
        {shell === 'desktop' ? (
          <div className={styles.centered}>
            <Button variant="secondary" asChild>
              <Link to="/aiCreationCenter">{TEXT.createOwn}</Link>
            </Button>
          </div>
        ) : null}
      </div>
    </PageContainer>
  )
}
AiSharePage.displayName = 'AiSharePage'
