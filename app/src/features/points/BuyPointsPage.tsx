import { type ChargeRequest, pointsBalance, pointsRate } from '@gy/api'
import type { CheckoutKind } from '@gy/machines'
import {
  BalanceCard,
  Button,
  CheckoutProgress,
  checkCustomAmount,
  CUSTOM_PACKAGE_VALUE,
  EmptyState,
  formatFen,
  PackagePicker,
  PageContainer,
  parseYuanToFen,
  QrCheckout,
  SectionHeader,
  SegmentedControl,
  Spinner,
} from '@gy/design-system'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useApiData } from '../../providers/useApiData'
import { useRuntime } from '../../providers/runtime'
import { CHECKOUT_TEXT, POINTS_TEXT as TEXT } from '../../strings'
import * as styles from './points.css'
import { useCheckout } from '../../providers/useCheckout'

const CHECKOUT_METHODS: { value: CheckoutKind; label: string }[] = [
  { value: 'redirect', label: CHECKOUT_TEXT.methods.redirect },
  { value: 'qrCode', label: CHECKOUT_TEXT.methods.qrCode },
]

/**
 * Moves the focus into the checkout when it opens and back to the pay button when it closes, so a
 * keyboard user is never left on the page's start (the picker and its button leave the page).
 */
function useCheckoutFocus(
  idle: boolean,
  checkoutArea: RefObject<HTMLDivElement | null>,
  payButton: RefObject<HTMLButtonElement | null>,
): void {
  const wasIdle = useRef(idle)
  useEffect(() => {
    if (wasIdle.current === idle) return
    wasIdle.current = idle
    if (idle) payButton.current?.focus()
    else checkoutArea.current?.focus({ preventScroll: true })
  }, [idle, checkoutArea, payButton])
}

/**
 * /buyPoints: the balance, the packages or a custom amount, how to pay, and the top-up's
 * progress: a QR code to scan, or the provider's page in a new tab.
 */
export function BuyPointsPage() {
  const { api } = useRuntime()
  const [searchParams] = useSearchParams()
  const [balanceVersion, setBalanceVersion] = useState(0)
  const balance = useApiData(`balance:${balanceVersion}`, () => pointsBalance(api), TEXT.loadFailed)
  const rate = useApiData('rate', () => pointsRate(api), TEXT.loadFailed)
  const [choice, setChoice] = useState<string | null>(null)
  const [customAmount, setCustomAmount] = useState('')
  const [choiceError, setChoiceError] = useState<string | undefined>()
  const [checkoutKind, setCheckoutKind] = useState<CheckoutKind>('redirect')
  const checkoutArea = useRef<HTMLDivElement>(null)
  const payButton = useRef<HTMLButtonElement>(null)
  const refreshBalance = useCallback(() => setBalanceVersion((version) => version + 1), [])
  const checkout = useCheckout(api, searchParams.get('orderId'), refreshBalance)
  const shownCheckout = `${checkout.state}:${checkout.context.checkoutKind ?? ''}`
  useEffect(() => {
    // The code and its buttons sit below the balance: keep them in view as the checkout moves on.
    checkoutArea.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [shownCheckout])
  useCheckoutFocus(checkout.state === 'idle', checkoutArea, payButton)

  if (rate.state === 'loading') {
    return (
      <PageContainer>
        <div className={styles.loading} aria-busy="true">
          <Spinner size="lg" />
        </div>
      </PageContainer>
    )
  }
  if (rate.state === 'failed') {
    return (
      <PageContainer>
        <EmptyState
          title={TEXT.loadFailed}
          hint={rate.message}
          action={<Button onClick={rate.retry}>{TEXT.retry}</Button>}
        />
      </PageContainer>
    )
  }

  const { packages, pointsPerYuan, minYuan, maxYuan } = rate.data
  const selected = choice ?? packages[0]?.id ?? CUSTOM_PACKAGE_VALUE
  const selectedPackage = packages.find((pack) => pack.id === selected)
  const customFen =
    selected === CUSTOM_PACKAGE_VALUE &&
    checkCustomAmount(customAmount, { minYuan, maxYuan }) === 'valid'
      ? parseYuanToFen(customAmount)
      : null
  const priceFen = selectedPackage?.priceFen ?? customFen

  function pay(): void {
    let request: ChargeRequest
    if (selectedPackage) request = { packageId: selectedPackage.id, checkoutKind }
    else if (customFen !== null) request = { amountFen: customFen, checkoutKind }
    else {
      setChoiceError(customAmount === '' ? TEXT.choose : TEXT.customInvalid)
      return
    }
    setChoiceError(undefined)
    checkout.start(request)
  }

  const { context } = checkout
  const qrCheckoutState =
    checkout.state === 'idle' || checkout.state === 'creating' ? null : checkout.state

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.buyTitle} subtitle={TEXT.buySubtitle} level={1} />
        <BalanceCard
          points={balance.state === 'ready' ? balance.data.points : 0}
          loading={balance.state !== 'ready'}
          rateText={TEXT.rate(pointsPerYuan)}
          action={
            <Button variant="secondary" asChild>
              <Link to="/pointsRecords">{TEXT.records}</Link>
            </Button>
          }
        />
        {checkout.state === 'idle' ? (
          <>
            <PackagePicker
              packages={packages}
              value={selected}
              onValueChange={(value) => {
                setChoice(value)
                setChoiceError(undefined)
              }}
              customAmount={customAmount}
              onCustomAmountChange={(value) => {
                setCustomAmount(value)
                setChoiceError(undefined)
              }}
              pointsPerYuan={pointsPerYuan}
              minYuan={minYuan}
              maxYuan={maxYuan}
              error={choiceError}
            />
            <div className={styles.methodRow}>
              <span className={styles.methodLabel}>{CHECKOUT_TEXT.methodLabel}</span>
              <SegmentedControl
                options={CHECKOUT_METHODS}
                value={checkoutKind}
                onValueChange={setCheckoutKind}
                label={CHECKOUT_TEXT.methodLabel}
              />
            </div>
            <div className={styles.payRow}>
              <Button ref={payButton} size="lg" onClick={pay}>
                {TEXT.pay(priceFen !== null ? formatFen(priceFen) : '')}
              </Button>
              <p className={styles.agreement}>
                {TEXT.agreementPrefix}
                <Link to="/pointsRechargeAgreement">{TEXT.agreement}</Link>
              </p>
            </div>
          </>
        ) : (
          <div
            ref={checkoutArea}
            className={styles.checkoutArea}
            // Focused when the checkout opens, so the keyboard is inside it and Escape reaches it.
            tabIndex={-1}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || checkout.state === 'creating') return
              event.preventDefault()
              // Escape leaves the checkout as 取消支付 then 返回 would: the order is not paid.
              if (checkout.state === 'waiting') checkout.cancel()
              checkout.reset()
            }}
          >
            {qrCheckoutState !== null &&
            context.checkoutKind === 'qrCode' &&
            context.checkoutUrl !== null ? (
              <QrCheckout
                className={styles.qrCheckout}
                state={qrCheckoutState}
                codeUrl={context.checkoutUrl}
                amountFen={context.amountFen ?? 0}
                points={context.points ?? 0}
                orderId={context.orderId ?? undefined}
                remainingSeconds={checkout.remainingSeconds}
                newBalance={context.newBalance ?? undefined}
                hint={CHECKOUT_TEXT.qrHint}
                message={checkout.state === 'failed' ? checkout.message : undefined}
                onCancel={checkout.cancel}
                onRetry={checkout.retry}
                onClose={checkout.reset}
              />
            ) : (
              <CheckoutProgress
                state={checkout.state}
                orderId={context.orderId ?? undefined}
                amountFen={context.amountFen ?? undefined}
                points={context.points ?? undefined}
                newBalance={context.newBalance ?? undefined}
                message={checkout.state === 'failed' ? checkout.message : undefined}
                onRetry={checkout.retry}
                // While waiting, closing is the payer giving up: a cancellation, not a failure.
                onClose={checkout.state === 'waiting' ? checkout.cancel : checkout.reset}
                onOpenCheckout={context.checkoutKind === 'redirect' ? checkout.reopen : undefined}
              />
            )}
          </div>
        )}
      </div>
    </PageContainer>
  )
}
