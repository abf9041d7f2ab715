import { MESSAGES, delistWork, listWork, modifyPrice, myShelf, type ShelfItem } from '@gy/api'
import {
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  PageContainer,
  Pagination,
  SectionHeader,
  Spinner,
  StatusBadge,
} from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ZONE_TEXT as TEXT } from '../../strings.zone'
import { DepositTileContent } from './DepositTile'
import { PriceField } from './PriceField'
import { fenFromInput, formatTime, formatYuan, isRefusal } from './format'
import * as styles from './zone.css'

const PAGE_SIZE = 10

function ShelfStatus({ item }: { item: ShelfItem }) {
  if (item.status === 'delisted') return <StatusBadge tone="neutral">{TEXT.delisted}</StatusBadge>
  if (!item.playable) return <StatusBadge tone="warning">{TEXT.preparing}</StatusBadge>
  return <StatusBadge tone="accent">{TEXT.listed}</StatusBadge>
}

/** /musiciansZone/workShelf: one's listings; change a price, delist, list again. */
export function ShelfPage() {
  const { api, toasts } = useRuntime()
  const [page, setPage] = useState(1)
  const [version, setVersion] = useState(0)
  const shelf = useApiData(
    `shelf:${page}:${version}`,
    () => myShelf(api, { page, pageSize: PAGE_SIZE }),
    TEXT.loadFailed,
  )
  const [pricing, setPricing] = useState<ShelfItem | null>(null)
  const [relisting, setRelisting] = useState(false)
  const [price, setPrice] = useState('')
  const [priceError, setPriceError] = useState<string | undefined>()
  const [delisting, setDelisting] = useState<ShelfItem | null>(null)
  const [busy, setBusy] = useState(false)

  const refresh = () => setVersion((value) => value + 1)

  function openPrice(item: ShelfItem, relist: boolean): void {
    setPricing(item)
    setRelisting(relist)
    setPrice((item.priceFen / 100).toFixed(2).replace(/\.00$/, ''))
    setPriceError(undefined)
  }

  async function savePrice(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (pricing === null) return
    const fen = fenFromInput(price)
    if (fen === null || fen < 1 || fen > 10_000_000) {
      setPriceError(MESSAGES.priceInvalid)
      return
    }
    setBusy(true)
    try {
      if (relisting) await listWork(api, pricing.depositId, fen)
      else await modifyPrice(api, pricing.goodsId, fen)
      toasts.show('success', relisting ? TEXT.listingDone : TEXT.priceSaved)
      setPricing(null)
      refresh()
    } catch (error) {
      if (isRefusal(error)) setPriceError(error.message)
      else if (error instanceof Error) toasts.show('error', error.message)
    } finally {
      setBusy(false)
    }
  }

  async function confirmDelist(): Promise<void> {
    if (delisting === null) return
    setBusy(true)
    try {
      await delistWork(api, delisting.goodsId)
      toasts.show('success', TEXT.delistDone)
      refresh()
    } catch (error) {
      if (error instanceof Error) toasts.show('error', error.message)
    } finally {
      setBusy(false)
      setDelisting(null)
    }
  }

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader
          title={TEXT.shelfTitle}
          level={1}
          action={
            <Button asChild>
              <Link to="/musiciansZone/confirmedListing">{TEXT.listingTitle}</Link>
            </Button>
          }
        />
        {shelf.state === 'loading' ? (
          <Spinner size="lg" />
        ) : shelf.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={shelf.message}
            action={<Button onClick={shelf.retry}>{TEXT.retry}</Button>}
          />
        ) : shelf.data.total === 0 ? (
          <EmptyState
            title={TEXT.shelfEmpty}
            hint={TEXT.shelfEmptyHint}
            action={
              <div className={styles.row}>
                <Button asChild>
                  <Link to="/musiciansZone/copyrightDeposit">{TEXT.steps.deposit}</Link>
                </Button>
                <Button variant="secondary" asChild>
                  <Link to="/musiciansZone/confirmedListing">{TEXT.steps.list}</Link>
                </Button>
              </div>
            }
          />
        ) : (
          <>
            <table className={styles.table} aria-label={TEXT.shelfTitle}>
              <thead>
                <tr>
                  <th className={styles.headCell}>作品</th>
                  <th className={styles.headCell}>价格</th>
                  <th className={styles.headCell}>状态</th>
                  <th className={styles.headCell}>更新时间</th>
                  <th className={styles.headCell}>操作</th>
                </tr>
              </thead>
              <tbody>
                {shelf.data.records.map((item) => (
                  <tr key={item.goodsId}>
                    <td className={styles.cell}>
                      <span className={styles.itemCard}>
                        <DepositTileContent
                          coverUrl={item.cover}
                          title={item.title}
                          lines={[item.certificateNo]}
                        />
                      </span>
                    </td>
                    <td className={`${styles.cell} ${styles.price}`}>
                      {formatYuan(item.priceFen)}
                    </td>
                    <td className={styles.cell}>
                      <ShelfStatus item={item} />
                    </td>
                    <td className={styles.cell}>{formatTime(item.updatedAt)}</td>
                    <td className={styles.cell}>
                      <div className={styles.row}>
                        {item.status === 'listed' ? (
                          <>
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => openPrice(item, false)}
                            >
                              {TEXT.modifyPrice}
                            </Button>
                            <Button size="sm" variant="ghost" onClick={() => setDelisting(item)}>
                              {TEXT.delist}
                            </Button>
                          </>
                        ) : (
                          <Button size="sm" onClick={() => openPrice(item, true)}>
                            {TEXT.relist}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {shelf.data.total > PAGE_SIZE ? (
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={shelf.data.total}
                onPageChange={setPage}
              />
            ) : null}
          </>
        )}
      </div>
      <Dialog.Root open={pricing !== null} onOpenChange={(open) => !open && setPricing(null)}>
        <Dialog.Content size="confirm">
          <Dialog.Title>{relisting ? TEXT.relist : TEXT.modifyPriceTitle}</Dialog.Title>
          <Dialog.Description className={styles.muted}>{pricing?.title}</Dialog.Description>
          <form className={styles.form} onSubmit={(event) => void savePrice(event)} noValidate>
            <PriceField
              value={price}
              onValueChange={(value) => {
                setPrice(value)
                setPriceError(undefined)
              }}
              error={priceError}
              autoFocus
            />
            <Button type="submit" disabled={busy}>
              {relisting ? TEXT.relist : TEXT.save}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Root>
      <ConfirmDialog
        open={delisting !== null}
        message={delisting === null ? '' : TEXT.delistConfirm(delisting.title)}
        confirmLabel={TEXT.delist}
        confirming={busy}
        onConfirm={() => void confirmDelist()}
        onCancel={() => setDelisting(null)}
      />
    </PageContainer>
  )
}
