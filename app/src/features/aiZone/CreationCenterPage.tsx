import { type AiJobKind, type SharedWork } from '@gy/api'
import { AI_JOB_COSTS, myShares } from '@gy/api/aiZone'
import { AiLabel, Button, PageContainer, SectionHeader, Spinner } from '@gy/design-system'
import { Link } from 'react-router'
import { useRuntime, useSession } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { AI_TEXT as TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { shareHref } from './query'
import { type Balance, isShort, useBalance } from './useBalance'
import { usePlayAudio, usePlayingId } from './useResultActions'

const EXAMPLES_MAX = 6

interface ToolLink {
  to: string
  label: string
  hint?: string
}

const TOOLS: readonly {
  kind: AiJobKind
  name: string
  description: string
  links: readonly ToolLink[]
}[] = [
  {
    kind: 'generate',
    name: TEXT.tools.generate.name,
    description: TEXT.tools.generate.description,
    links: [
      {
        to: '/aiCreationCenter/smartMode',
        label: TEXT.tools.generate.smart,
        hint: TEXT.tools.generate.smartHint,
      },
      {
        to: '/aiCreationCenter/advancedMode',
        label: TEXT.tools.generate.advanced,
        hint: TEXT.tools.generate.advancedHint,
      },
    ],
  },
  {
    kind: 'cover',
    name: TEXT.tools.cover.name,
    description: TEXT.tools.cover.description,
    links: [{ to: '/aiCreationCenter/coverMode', label: TEXT.tools.cover.start }],
  },
  {
    kind: 'separate',
    name: TEXT.tools.separate.name,
    description: TEXT.tools.separate.description,
    links: [{ to: '/aiCreationCenter/separationMode', label: TEXT.tools.separate.start }],
  },
]

function ToolCard({ tool, balance }: { tool: (typeof TOOLS)[number]; balance: Balance }) {
  const cost = AI_JOB_COSTS[tool.kind]
  const headingId = `ai-tool-${tool.kind}`
  return (
    <li>
      <article className={styles.tool} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.toolTitle}>
          {tool.name}
        </h2>
        <span className={styles.toolCost}>{TEXT.costPerJob(cost)}</span>
        <p className={styles.muted}>{tool.description}</p>
        <div className={styles.toolActions}>
          {tool.links.length > 1 ? (
            <div className={styles.modes}>
              {tool.links.map((link) => (
                <Link key={link.to} className={styles.mode} to={link.to}>
                  <span className={styles.modeName}>{link.label}</span>
                  <span className={styles.muted}>{link.hint}</span>
                </Link>
              ))}
            </div>
          ) : (
            tool.links.map((link) => (
              <Button key={link.to} asChild fullWidth>
                <Link to={link.to}>{link.label}</Link>
              </Button>
            ))
          )}
          {isShort(balance, cost) ? (
            <p className={styles.muted}>
              <span className={styles.short}>{TEXT.balanceShort(cost)}</span>{' '}
              <Link className={styles.textLink} to="/buyPoints">
                {TEXT.buyPoints}
              </Link>
            </p>
          ) : null}
        </div>
      </article>
    </li>
  )
}
ToolCard.displayName = 'ToolCard'

/** The user's own shares, to listen to: real works only, never made-up examples. */
function MyShares({ userId }: { userId: string }) {
  const { api } = useRuntime()
  const playAudio = usePlayAudio()
  const playingId = usePlayingId()
  const shares = useApiData(
    `ai:myShares:${userId}`,
    () => myShares(api, { page: 1, pageSize: EXAMPLES_MAX }),
    TEXT.loadFailed,
  )
  // Examples are an extra: a failure or nothing shared yet only says so quietly.
  if (shares.state === 'loading') return <Spinner size="sm" />
  if (shares.state === 'failed') return null
  const records = shares.data.records
  if (records.length === 0) return <p className={styles.muted}>{TEXT.center.noExamples}</p>
  return (
    <ul className={styles.cards}>
      {records.map((share: SharedWork) => {
        const playing = playingId === share.shareId
        return (
          <li key={share.shareId}>
            <div className={styles.item}>
              <span className={styles.thumb}>
                {share.cover === '' ? (
                  '♪'
                ) : (
                  <img className={styles.thumbImage} src={share.cover} alt="" />
                )}
              </span>
              <span className={styles.itemBody}>
                <span className={styles.itemTitle}>
                  <span className={styles.ellipsis}>{share.name}</span>
                  <AiLabel />
                </span>
                <span className={styles.itemMeta}>
                  {TEXT.kinds[share.kind]} · {TEXT.center.upvotes(share.upvotes)}
                </span>
              </span>
              <span className={styles.itemActions}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-pressed={playing}
                  onClick={() =>
                    playAudio({
                      id: share.shareId,
                      name: share.name,
                      cover: share.cover,
                      url: share.audioUrl,
                      ...(share.lyric === '' ? {} : { lyric: share.lyric }),
                    })
                  }
                >
                  {playing ? TEXT.pause : TEXT.play}
                </Button>
                <Button size="sm" variant="ghost" asChild>
                  <Link to={shareHref(share.shareId)}>{TEXT.center.openShare}</Link>
                </Button>
              </span>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
MyShares.displayName = 'MyShares'

/**
 * /aiCreationCenter: the three tools with what they do and cost, the user's balance (with 积分充值
 * when it is short), the user's own shares to listen to, and the way to the creation history.
 * Visitors see the tools and are asked to log in when they start one.
 */
export function CreationCenterPage() {
  const { loginDialog } = useRuntime()
  const { userInfo } = useSession()
  const { balance } = useBalance()

  return (
    <PageContainer width="wide">
      <div className={styles.page}>
        <SectionHeader title={TEXT.center.title} subtitle={TEXT.center.subtitle} level={1} />
        <section className={styles.balanceBar} aria-label={TEXT.center.title}>
          {userInfo === null ? (
            <>
              <p className={styles.muted}>{TEXT.center.loginHint}</p>
              <div className={styles.row}>
                <Button variant="secondary" asChild>
                  <Link to="/aiCreationCenter/createHistory">{TEXT.center.history}</Link>
                </Button>
                <Button onClick={() => loginDialog.send({ type: 'login.open' })}>
                  {TEXT.center.login}
                </Button>
              </div>
            </>
          ) : (
            <>
              <div className={styles.row}>
                {balance.state === 'ready' ? (
                  <span className={styles.balanceValue}>{TEXT.balance(balance.points)}</span>
                ) : balance.state === 'unknown' ? (
                  <span className={styles.muted}>{TEXT.balanceUnknown}</span>
                ) : (
                  <Spinner size="sm" />
                )}
                <Button variant="secondary" size="sm" asChild>
                  <Link to="/buyPoints">{TEXT.buyPoints}</Link>
                </Button>
              </div>
              <Button variant="secondary" asChild>
                <Link to="/aiCreationCenter/createHistory">{TEXT.center.history}</Link>
              </Button>
            </>
          )}
        </section>
        <ul className={styles.tools} aria-label={TEXT.center.tools}>
          {TOOLS.map((tool) => (
            <ToolCard key={tool.kind} tool={tool} balance={balance} />
          ))}
        </ul>
        {userInfo === null ? null : (
          <section className={styles.stack} aria-label={TEXT.center.examples}>
            <SectionHeader title={TEXT.center.examples} subtitle={TEXT.center.examplesHint} />
            <MyShares userId={userInfo.userId} />
          </section>
        )}
      </div>
    </PageContainer>
  )
}
CreationCenterPage.displayName = 'CreationCenterPage'
