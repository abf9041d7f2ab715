import { noticeDetails } from '@gy/api'
import { Button, EmptyState, Spinner } from '@gy/design-system'
import { Link, useSearchParams } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { VOTE_TEXT as TEXT } from '../../strings.votes'
import { formatActivityDate } from './format'
import * as styles from './votes.css'

/** /m/noticeInfo?id=...: one notice, as the app's notice list opens it (no header). */
export function NoticePage() {
  const { api } = useRuntime()
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const notice = useApiData(`notice:${id}`, () => noticeDetails(api, id), TEXT.noticeMissing)

  if (notice.state === 'loading') {
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner size="md" />
      </div>
    )
  }
  if (notice.state === 'failed') {
    return (
      <EmptyState
        title={TEXT.noticeMissing}
        hint={notice.message === TEXT.noticeMissing ? undefined : notice.message}
        action={
          <Button asChild variant="secondary">
            <Link to="/m/home">{TEXT.noticeHome}</Link>
          </Button>
        }
      />
    )
  }
  return (
    <article className={styles.notice}>
      <h1 className={styles.noticeTitle}>{notice.data.title}</h1>
      <p className={styles.muted}>
        {TEXT.publishedAt(formatActivityDate(notice.data.publishedAt))}
      </p>
      <div className={styles.noticeBody}>
        {notice.data.content.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index} className={styles.paragraph}>
            {paragraph}
          </p>
        ))}
      </div>
    </article>
  )
}
