import type { AiJob } from '@gy/api'
import { useState } from 'react'
import { useRuntime } from '../../providers/runtime'
import {
  fieldOfMessage,
  type FieldErrors,
  isPointsShortage,
  isRefusal,
  isSessionError,
} from './forms'

/**
 * A tool form's submission: one at a time, the server's refusal next to its field (or above the
 * button, with 积分充值 when the points are short), a failed request as a toast. Nothing typed is
 * cleared on an error; the page clears what it wants on success.
 */
export function useJobSubmit<Field extends string>(
  fields: readonly Field[],
  aliases: Partial<Record<string, Field>> = {},
) {
  const { toasts } = useRuntime()
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [pointsShort, setPointsShort] = useState(false)
  const [submitting, setSubmitting] = useState(false)

  async function submit(call: () => Promise<AiJob>): Promise<AiJob | null> {
    if (submitting) return null
    setSubmitting(true)
    setPointsShort(false)
    try {
      const job = await call()
      setErrors({})
      return job
    } catch (error) {
      if (isPointsShortage(error) && error instanceof Error) {
        setPointsShort(true)
        setErrors({ form: error.message } as FieldErrors<Field>)
      } else if (isRefusal(error)) {
        const field = fieldOfMessage(error.message, fields, aliases)
        setErrors({ [field]: error.message } as FieldErrors<Field>)
      } else if (!isSessionError(error) && error instanceof Error) {
        toasts.show('error', error.message)
      }
      return null
    } finally {
      setSubmitting(false)
    }
  }

  return {
    errors,
    /** Shows the form's own checks (an empty field) before any call. */
    setErrors: (next: FieldErrors<Field>) => {
      setPointsShort(false)
      setErrors(next)
    },
    /** Clears one field's error as the user edits it. */
    clearError: (field: Field | 'form') =>
      setErrors((current) =>
        current[field] === undefined ? current : { ...current, [field]: undefined },
      ),
    pointsShort,
    submitting,
    submit,
  }
}
