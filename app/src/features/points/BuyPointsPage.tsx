import { type ChargeRequest, pointsBalance, pointsRate } from '@gy/api'
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
  SectionHeader,
  Spinner,
} from '@gy/design-system'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useApiData } from '../../providers/useApiData'
import { useRuntime } from '../../providers/runtime'
import { POINTS_TEXT as TEXT } from '../../strings'
import * as styles from './points.css'
import { useCheckout } from './useCheckout'

/** /buyPoints: the balance, the packages or a custom amount, and the top-up's progress. */
export function BuyPointsPage() {
  const { api } = useRuntime()
  const [searchParams] = useSearchParams()
  const [balanceVersion, setBalanceVersion] = useState(0)
  const balance = useApiData(`balance:${balanceVersion}`, () => pointsBalance(api), TEXT.loadFailed)
  const rate = useApiData('rate', () => pointsRate(api), TEXT.loadFailed)
  const [choice, setChoice] = useState<string | null>(null)
  const [customAmount, setCustomAmount] = useState('')
  const [choiceError, setChoiceError] = useState<string | undefined>()
  const { checkout, start, reset } = useCheckout(api, searchParams.get('orderId'), () =>
    setBalanceVersion((version) => version + 1),
  )

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
  const busy = checkout.state === 'creating' || checkout.state === 'waiting'

  function pay(): void {
    let request: ChargeRequest
    if (selectedPackage) request = { packageId: selectedPackage.id }
    else if (customFen !== null) request = { amountFen: customFen }
    else {
      setChoiceError(customAmount === '' ? TEXT.choose : TEXT.customInvalid)
      return
    }
    setChoiceError(undefined)
    void start(request)
  }

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
            <div className={styles.payRow}>
              <Button size="lg" onClick={pay} loading={busy}>
                {TEXT.pay(priceFen !== null ? formatFen(priceFen) : '')}
              </Button>
              <p className={styles.agreement}>
                {TEXT.agreementPrefix}
                <Link to="/pointsRechargeAgreement">{TEXT.agreement}</Link>
              </p>
            </div>
          </>
        ) : (
          <CheckoutProgress
            state={checkout.state}
            orderId={checkout.orderId}
            amountFen={checkout.amountFen}
            points={checkout.points}
            newBalance={checkout.newBalance}
            message={checkout.message}
            onRetry={reset}
            onClose={reset}
            onOpenCheckout={
              checkout.checkoutUrl ? () => window.open(checkout.checkoutUrl, '_blank') : undefined
            }
          />
        )}
      </div>
    </PageContainer>
  )
}
