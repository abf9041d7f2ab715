import { licenceOptions, licenceOrder, type LicenceOption, type LicenceType } from '@gy/api'
import type { CheckoutKind } from '@gy/machines'
import {
  Button,
  CheckoutProgress,
  EmptyState,
  formatFen,
  QrCheckout,
  SectionHeader,
  SegmentedControl,
  Spinner,
} from '@gy/design-system'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useRuntime, useSession } from '../../../providers/runtime'
import { useApiData } from '../../../providers/useApiData'
import { useCheckout } from '../../../providers/useCheckout'
import { LICENCE_TEXT as TEXT } from '../../../strings.licence'
import { LicencePicker } from './LicencePicker'
import { LICENCE_ORDERS } from './licenceOrders'
import * as styles from './LicencePanel.css'
import { useLicenceDownloads } from './useLicenceDownloads'

const CHECKOUT_METHODS: { value: CheckoutKind; label: string }[] = [
  { value: 'redirect', label: TEXT.methods.redirect },
  { value: 'qrCode', label: TEXT.methods.qrCode },
]

/** Where the chosen licence's downloads come from once its order is paid. */
function PaidLicence({
  orderId,
  options,
  onDone,
}: {
  orderId: string
  options: readonly LicenceOption[]
  onDone: () => void
}) {
  const { api } = useRuntime()
  const order = useApiData(
    `licence-order:${orderId}`,
    () => licenceOrder(api, orderId),
    TEXT.loadFailed,
  )
  const { download, isBusy } = useLicenceDownloads()
  if (order.state !== 'ready') {
    return (
      <div className={styles.centred} aria-busy="true">
        <Spinner />
      </div>
    )
  }
  const { licenceId, title, licenceType } = order.data
  const licenceName = options.find((option) => option.licenceType === licenceType)?.name ?? ''
  return (
    <section className={styles.success} aria-label={TEXT.paidTitle}>
      <p className={styles.successTitle}>{TEXT.paidTitle}</p>
      <p className={styles.successHint}>{TEXT.paidHint(title, licenceName)}</p>
      {licenceId === null ? null : (
        <div className={styles.actions}>
          <Button
            onClick={() => void download(licenceId, 'certificate')}
            loading={isBusy(licenceId, 'certificate')}
          >
            {TEXT.downloadCertificate}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void download(licenceId, 'audio')}
            loading={isBusy(licenceId, 'audio')}
          >
            {TEXT.downloadAudio}
          </Button>
          <Button variant="ghost" asChild>
            <Link to="/myLicences">{TEXT.viewMyLicences}</Link>
          </Button>
        </div>
      )}
      <Button variant="text" onClick={onDone}>
        {TEXT.backToOptions}
      </Button>
    </section>
  )
}

/**
 * The licences of a work on its page: pick 个人使用 or 商业使用 (price and terms on each card),
 * pay through the points checkout (the provider's page in a new tab, followed here until paid),
 * then download the licence certificate and the audio. Opening the work page with ?orderId=...
 * (the provider's way back) resumes following that order.
 */
export function LicencePanel({ goodsId }: { goodsId: string }) {
  const { api, openLogin } = useRuntime()
  const { isLogin } = useSession()
  const [searchParams] = useSearchParams()
  const [version, setVersion] = useState(0)
  const [choice, setChoice] = useState<LicenceType | null>(null)
  const [checkoutKind, setCheckoutKind] = useState<CheckoutKind>('redirect')
  const options = useApiData(
    `licence-options:${goodsId}:${isLogin ? 'user' : 'visitor'}:${version}`,
    () => licenceOptions(api, goodsId),
    TEXT.loadFailed,
  )
  const refresh = useCallback(() => setVersion((value) => value + 1), [])
  const checkout = useCheckout(api, searchParams.get('orderId'), refresh, LICENCE_ORDERS)
  const checkoutArea = useRef<HTMLDivElement>(null)
  const shownCheckout = `${checkout.state}:${checkout.context.checkoutKind ?? ''}`
  useEffect(() => {
    // The code, the progress or the downloads replace the picker: keep them in view.
    checkoutArea.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [shownCheckout])

  if (options.state === 'loading') {
    return (
      <section className={styles.panel} aria-label={TEXT.panelTitle} aria-busy="true">
        <div className={styles.centred}>
          <Spinner size="lg" />
        </div>
      </section>
    )
  }
  if (options.state === 'failed') {
    return (
      <section className={styles.panel} aria-label={TEXT.panelTitle}>
        <EmptyState
          title={TEXT.loadFailed}
          hint={options.message}
          action={<Button onClick={options.retry}>{TEXT.retry}</Button>}
        />
      </section>
    )
  }

  const data = options.data
  const selected =
    choice ??
    data.options.find((option) => !option.owned)?.licenceType ??
    data.options[0]?.licenceType ??
    null
  const selectedOption = data.options.find((option) => option.licenceType === selected)
  const { context } = checkout

  function buy(): void {
    if (!isLogin) {
      openLogin()
      return
    }
    if (selected === null) return
    checkout.start({ goodsId, licenceType: selected, checkoutKind })
  }

  let body
  if (checkout.state === 'paid' && context.orderId !== null) {
    body = (
      <PaidLicence
        orderId={context.orderId}
        options={data.options}
        onDone={() => {
          checkout.reset()
          setChoice(null)
        }}
      />
    )
  } else if (
    checkout.state !== 'idle' &&
    checkout.state !== 'creating' &&
    context.checkoutKind === 'qrCode' &&
    context.checkoutUrl !== null
  ) {
    body = (
      <QrCheckout
        state={checkout.state}
        codeUrl={context.checkoutUrl}
        amountFen={context.amountFen ?? 0}
        orderId={context.orderId ?? undefined}
        remainingSeconds={checkout.remainingSeconds}
        hint={TEXT.qrHint}
        message={
          checkout.state === 'failed'
            ? checkout.message
            : checkout.state === 'waiting'
              ? TEXT.waitingQr
              : checkout.state === 'closed'
                ? context.refunded
                  ? TEXT.refunded
                  : TEXT.closed
                : undefined
        }
        onCancel={checkout.cancel}
        // A refunded order was a repeat of a licence the buyer holds: nothing to order again.
        onRetry={context.refunded ? undefined : checkout.retry}
        onClose={checkout.reset}
      />
    )
  } else if (checkout.state !== 'idle') {
    body = (
      <CheckoutProgress
        state={checkout.state}
        orderId={context.orderId ?? undefined}
        amountFen={context.amountFen ?? undefined}
        message={
          checkout.state === 'failed'
            ? checkout.message
            : checkout.state === 'waiting'
              ? TEXT.waiting
              : checkout.state === 'closed'
                ? context.refunded
                  ? TEXT.refunded
                  : TEXT.closed
                : undefined
        }
        // A refunded order was a repeat of a licence the buyer holds: nothing to order again.
        onRetry={context.refunded ? undefined : checkout.retry}
        onClose={checkout.state === 'waiting' ? checkout.cancel : checkout.reset}
        onOpenCheckout={context.checkoutKind === 'redirect' ? checkout.reopen : undefined}
      />
    )
  } else {
    body = (
      <>
        <LicencePicker options={data.options} value={selected} onValueChange={setChoice} />
        {data.reason !== null ? (
          <p className={styles.notice} role="note">
            {data.reason}
          </p>
        ) : selectedOption?.owned ? (
          <p className={styles.notice} role="note">
            {TEXT.ownedAll} <Link to="/myLicences">{TEXT.viewMyLicences}</Link>
          </p>
        ) : (
          <div className={styles.payRow}>
            <span className={styles.methodRow}>
              {TEXT.methodLabel}
              <SegmentedControl
                options={CHECKOUT_METHODS}
                value={checkoutKind}
                onValueChange={setCheckoutKind}
                label={TEXT.methodLabel}
              />
            </span>
            <Button size="lg" onClick={buy} disabled={selectedOption === undefined}>
              {isLogin
                ? TEXT.buy(selectedOption === undefined ? '' : formatFen(selectedOption.priceFen))
                : TEXT.loginToBuy}
            </Button>
          </div>
        )}
      </>
    )
  }

  return (
    <section className={styles.panel} aria-label={TEXT.panelTitle}>
      <SectionHeader title={TEXT.panelTitle} subtitle={TEXT.panelSubtitle} level={2} />
      {checkout.state === 'idle' ? body : <div ref={checkoutArea}>{body}</div>}
    </section>
  )
}
LicencePanel.displayName = 'LicencePanel'
