import { type AiJobKind, type SharedWork } from '@gy/api'
import { AI_JOB_COSTS, shareExamples } from '@gy/api/aiZone'
import {
  AiExampleCard,
  Button,
  EmptyState,
  PageContainer,
  SectionHeader,
  Spinner,
  WorkGrid,
} from '@gy/design-system'
import { Link } from 'react-router'
import { useRuntime, useSession } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { AI_TEXT as TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { shareHref } from './query'
import { type Balance, isShort, useBalance } from './useBalance'
import { usePlayAudio, usePlayingId } from './useResultActions'

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

/**
 * Works to listen to before trying the tools: the platform's most upvoted recent shares (a fresh
 * platform's are the demo account's, made through the same jobs). Real shares only: with none yet,
 * it says so and invites the user to make the first.
 */
function Examples() {
  const { api } = useRuntime()
  const { userInfo } = useSession()
  const isLogin = userInfo !== null
  const playAudio = usePlayAudio()
  const playingId = usePlayingId()
  const examples = useApiData(
    `ai:examples:${isLogin}`,
    () => shareExamples(api, isLogin),
    TEXT.center.examplesFailed,
  )
  if (examples.state === 'loading') {
    return (
      <div className={styles.center} aria-busy="true">
        <Spinner size="md" />
        <span className={styles.muted}>{TEXT.center.examplesLoading}</span>
      </div>
    )
  }
  if (examples.state === 'failed') {
    return (
      <EmptyState
        title={TEXT.center.examplesFailed}
        hint={examples.message}
        action={<Button onClick={examples.retry}>{TEXT.retry}</Button>}
      />
    )
  }
  const records = examples.data.records
  if (records.length === 0) {
    return (
      <EmptyState
        title={TEXT.center.noExamples}
        hint={TEXT.center.noExamplesHint}
        action={
          <Button asChild>
            <Link to="/aiCreationCenter/smartMode">{TEXT.center.createFirst}</Link>
          </Button>
        }
      />
    )
  }
  return (
    <WorkGrid aria-label={TEXT.center.examples}>
      {records.map((share: SharedWork) => (
        <AiExampleCard
          key={share.shareId}
          title={share.name}
          kindLabel={TEXT.kinds[share.kind]}
          author={share.author}
          cover={share.cover}
          duration={share.duration}
          upvotes={share.upvotes}
          playing={playingId === share.shareId}
          onPlay={() =>
            playAudio({
              id: share.shareId,
              name: share.name,
              cover: share.cover,
              url: share.audioUrl,
              ...(share.lyric === '' ? {} : { lyric: share.lyric }),
            })
          }
          href={shareHref(share.shareId)}
          renderLink={(item, children) => <Link to={item.href}>{children}</Link>}
        />
      ))}
    </WorkGrid>
  )
}
Examples.displayName = 'Examples'

/**
 * /aiCreationCenter: the three tools with what they do and cost, the user's balance (with 积分充值
 * when it is short), examples of what they make to listen to, and the way to the creation
 * history. Visitors see the tools and the examples, and are asked to log in when they start one.
 */
export function CreationCenterPage() {
  const { openLogin } = useRuntime()
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
                <Button onClick={openLogin}>{TEXT.center.login}</Button>
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
        <section className={styles.stack} aria-label={TEXT.center.examples}>
          <SectionHeader title={TEXT.center.examples} subtitle={TEXT.center.examplesHint} />
          <Examples />
        </section>
      </div>
    </PageContainer>
  )
}
CreationCenterPage.displayName = 'CreationCenterPage'
