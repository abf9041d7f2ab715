/**
 * The minimal licence panel of the store branch: the price and a 购买授权 button that cannot be
 * pressed yet. The licence branch (s2-licence) replaces this file with the real purchase flow;
 * the work page only relies on this export and its props.
 */
import { storeWorkDetails } from '@gy/api'
import { Button, formatFen } from '@gy/design-system'
import { useApiData } from '../../../providers/useApiData'
import { useRuntime } from '../../../providers/runtime'
import { LICENCE_PLACEHOLDER_TEXT as TEXT } from '../../../strings.store'
import * as styles from '../store.css'

export function LicencePanel({ goodsId }: { goodsId: string }) {
  const { api } = useRuntime()
  const work = useApiData(`licence:${goodsId}`, () => storeWorkDetails(api, goodsId), TEXT.title)
  return (
    <section className={styles.licencePanel} aria-label={TEXT.title}>
      <div className={styles.licencePrice}>
        <span className={styles.licenceLabel}>{TEXT.price}</span>
        <span className={styles.licenceAmount}>
          {work.state === 'ready' ? formatFen(work.data.priceFen) : '—'}
        </span>
      </div>
      <Button disabled title={TEXT.comingSoon}>
        {TEXT.buy}
      </Button>
    </section>
  )
}
LicencePanel.displayName = 'LicencePanel'
