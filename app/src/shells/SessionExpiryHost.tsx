import { ConfirmDialog } from '@gy/design-system'
import { selectSessionPrompt } from '@gy/machines'
import { useSelector } from '@xstate/react'
import { useRuntime } from '../providers/runtime'

/** The 系统提示 dialog of an expired or superseded session (SPEC.md section 8). */
export function SessionExpiryHost() {
  const { sessionExpiry } = useRuntime()
  const prompt = useSelector(sessionExpiry, selectSessionPrompt)
  return (
    <ConfirmDialog
      open={prompt !== null}
      title={prompt?.title}
      message={prompt?.message ?? ''}
      confirmLabel={prompt?.confirmLabel}
      cancelLabel={prompt?.cancelLabel}
      onConfirm={() => sessionExpiry.send({ type: 'session.confirm' })}
      onCancel={() => sessionExpiry.send({ type: 'session.cancel' })}
    />
  )
}
