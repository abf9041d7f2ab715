import { MESSAGES } from '@gy/api'
import { ConfirmDialog } from '@gy/design-system'
import { selectSessionPrompt } from '@gy/machines'
import { useSelector } from '@xstate/react'
import { useMachines } from '../providers/runtime'
import { STRINGS } from '../strings'

/** The 系统提示 dialog of an expired or superseded session (SPEC.md section 8). */
export function SessionExpiryHost() {
  const { sessionExpiry } = useMachines()
  const reason = useSelector(sessionExpiry, selectSessionPrompt)
  // The title (系统提示) and 取消 are the dialog's own defaults.
  return (
    <ConfirmDialog
      open={reason !== null}
      message={reason === null ? '' : MESSAGES[reason]}
      confirmLabel={STRINGS.login.confirmRelogin}
      onConfirm={() => sessionExpiry.send({ type: 'session.confirm' })}
      onCancel={() => sessionExpiry.send({ type: 'session.cancel' })}
    />
  )
}
