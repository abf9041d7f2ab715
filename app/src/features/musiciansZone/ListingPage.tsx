import { MESSAGES, listWork, myDeposits, type DepositRecord } from '@gy/api'
import {
  Button,
  EmptyState,
  PageContainer,
  SectionHeader,
  Spinner,
  WorkCard,
} from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useRuntime, useSession } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ZONE_TEXT as TEXT } from '../../strings.zone'
import { DepositTileContent } from './DepositTile'
import { PriceField } from './PriceField'
import { fenFromInput, formatTime, formatYuan, isRefusal } from './format'
import * as styles from './zone.css'

/** Deposits that may be listed: never listed, or taken off sale. */
function listable(record: DepositRecord): boolean {
  return record.listing === null || record.listing.status === 'delisted'
}

/** /musiciansZone/confirmedListing: choose a deposited work, set its price, list it. */
export function ListingPage() {
  const { api, toasts } = useRuntime()
  const session = useSession()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const deposits = useApiData(
    'listing:deposits',
    () => myDeposits(api, { page: 1, pageSize: 50 }),
    TEXT.loadFailed,
  )
  const [chosenId, setChosenId] = useState<string | null>(params.get('depositId'))
  const [price, setPrice] = useState('')
  const [priceError, setPriceError] = useState<string | undefined>()
  const [submitting, setSubmitting] = useState(false)

  const candidates = deposits.state === 'ready' ? deposits.data.records.filter(listable) : []
  const chosen = candidates.find((record) => record.depositId === chosenId) ?? candidates[0]
  const priceFen = fenFromInput(price)

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (chosen === undefined) return
    if (priceFen === null || priceFen < 1 || priceFen > 10_000_000) {
      setPriceError(MESSAGES.priceInvalid)
      return
    }
    setSubmitting(true)
    try {
      await listWork(api, chosen.depositId, priceFen)
      toasts.show('success', TEXT.listingDone)
      await navigate('/musiciansZone/workShelf')
    } catch (error) {
      if (isRefusal(error)) setPriceError(error.message)
      else if (error instanceof Error) toasts.show('error', error.message)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.listingTitle} subtitle={TEXT.listingSubtitle} level={1} />
        {deposits.state === 'loading' ? (
          <Spinner size="lg" />
        ) : deposits.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={deposits.message}
            action={<Button onClick={deposits.retry}>{TEXT.retry}</Button>}
          />
        ) : chosen === undefined ? (
          <EmptyState
            title={TEXT.noWorkToList}
            hint={TEXT.noWorkToListHint}
            action={
              <Button asChild>
                <Link to="/musiciansZone/copyrightDeposit">{TEXT.steps.deposit}</Link>
              </Button>
            }
          />
        ) : (
          <form className={styles.twoColumns} onSubmit={(event) => void submit(event)} noValidate>
            <section className={styles.form} aria-label={TEXT.chooseWork}>
              <h2 className={styles.fieldLabel}>{TEXT.chooseWork}</h2>
              <div className={styles.cards}>
                {candidates.map((record) => (
                  <button
                    key={record.depositId}
                    type="button"
                    className={styles.itemCard}
                    aria-pressed={record.depositId === chosen.depositId}
                    onClick={() => setChosenId(record.depositId)}
                  >
                    <DepositTileContent
                      coverUrl={record.coverUrl}
                      title={record.title}
                      lines={[record.certificateNo, formatTime(record.depositedAt)]}
                    />
                  </button>
                ))}
              </div>
            </section>
            <section className={styles.panel}>
              <PriceField
                value={price}
                onValueChange={(value) => {
                  setPrice(value)
                  setPriceError(undefined)
                }}
                error={priceError}
              />
              <p className={styles.muted}>{TEXT.preview}</p>
              <WorkCard
                title={chosen.title}
                artist={session.userInfo?.nickName ?? chosen.ownerName}
                coverUrl={chosen.coverUrl === '' ? null : chosen.coverUrl}
                price={priceFen === null ? '¥—' : formatYuan(priceFen)}
              />
              <Button type="submit" disabled={submitting}>
                {TEXT.confirmListing}
              </Button>
            </section>
          </form>
        )}
      </div>
    </PageContainer>
  )
}
