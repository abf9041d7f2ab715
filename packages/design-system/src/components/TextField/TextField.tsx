import { clsx } from 'clsx'
import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentPropsWithRef,
  type CompositionEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { applyFilter, inputFilters, type InputFilter, type InputFilterName } from '../../filters'
import { mergeRefs } from '../private/mergeRefs'
import * as styles from './TextField.css'

export const textFieldSizes = ['md', 'lg'] as const
export type TextFieldSize = (typeof textFieldSizes)[number]

export interface TextFieldProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'prefix' | 'size' | 'maxLength'
> {
  label?: ReactNode
  /** Keeps the label for screen readers but does not show it (for fields whose placeholder says it all). */
  hideLabel?: boolean
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  /** One of the spec's input filters by name, or any pure filter function. */
  filter?: InputFilterName | InputFilter
  /**
   * Maximum length of the filtered value. Applied after the filter (unlike the native attribute,
   * which would cut a pasted "138 0013 8000" before its spaces are removed).
   */
  maxLength?: number
  /** Shown before the input, e.g. "+86". */
  prefix?: ReactNode
  /** Shown after the input, e.g. the SMS button or a unit. */
  suffix?: ReactNode
  /** Error text; also marks the input `aria-invalid`. */
  error?: ReactNode
  /** Help text shown below the field when there is no error. */
  hint?: ReactNode
  size?: TextFieldSize
}

function resolveFilter(
  filter: TextFieldProps['filter'],
  maxLength: number | undefined,
): InputFilter {
  const base = typeof filter === 'string' ? inputFilters[filter] : filter
  return (raw) => {
    const filtered = base ? base(raw) : raw
    return maxLength === undefined ? filtered : filtered.slice(0, maxLength)
  }
}

export function TextField({
  label,
  hideLabel = false,
  value: controlledValue,
  defaultValue = '',
  onValueChange,
  filter,
  maxLength,
  prefix,
  suffix,
  error,
  hint,
  size = 'md',
  id: idProp,
  className,
  disabled,
  ref,
  onCompositionStart,
  onCompositionEnd,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId()
  const inputId = idProp ?? generatedId
  const messageId = `${inputId}-message`
  const inputRef = useRef<HTMLInputElement | null>(null)

  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue)
  const isControlled = controlledValue !== undefined
  const value = isControlled ? controlledValue : uncontrolledValue

  // While an IME is composing (pinyin), the raw text must stay untouched or the composition breaks;
  // it is shown as a draft and filtered once the composition ends.
  const isComposingRef = useRef(false)
  const [compositionDraft, setCompositionDraft] = useState<string | null>(null)

  const commit = useCallback(
    (input: HTMLInputElement) => {
      const raw = input.value
      const result = applyFilter(resolveFilter(filter, maxLength), raw, input.selectionStart)
      if (result.value !== raw) {
        // Fix the DOM now, so React's controlled reset does not throw the caret to the end.
        input.value = result.value
        if (result.caret !== null && input.ownerDocument.activeElement === input) {
          input.setSelectionRange(result.caret, result.caret)
        }
      }
      if (!isControlled) setUncontrolledValue(result.value)
      if (result.value !== value) onValueChange?.(result.value)
    },
    [filter, maxLength, isControlled, value, onValueChange],
  )

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (isComposingRef.current) {
      setCompositionDraft(event.currentTarget.value)
      return
    }
    commit(event.currentTarget)
  }

  const handleCompositionStart = (event: CompositionEvent<HTMLInputElement>) => {
    isComposingRef.current = true
    setCompositionDraft(event.currentTarget.value)
    onCompositionStart?.(event)
  }

  const handleCompositionEnd = (event: CompositionEvent<HTMLInputElement>) => {
    isComposingRef.current = false
    setCompositionDraft(null)
    commit(event.currentTarget)
    onCompositionEnd?.(event)
  }

  // Pressing the frame, padding or prefix focuses the input, as it would in a native field.
  const focusInputFromFrame = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element
    if (target === inputRef.current || target.closest('button, a, input')) return
    event.preventDefault()
    inputRef.current?.focus()
  }

  const composedRef = useMemo(() => mergeRefs(inputRef, ref), [ref])

  const invalid = Boolean(error)
  const message = error ?? hint

  return (
    <div className={clsx(styles.root, className)}>
      {label ? (
        <label htmlFor={inputId} className={hideLabel ? styles.visuallyHidden : styles.label}>
          {label}
        </label>
      ) : null}
      <div
        className={clsx(styles.control, styles.controlSize[size])}
        data-invalid={invalid ? '' : undefined}
        data-disabled={disabled ? '' : undefined}
        onMouseDown={focusInputFromFrame}
      >
        {prefix ? <span className={styles.prefix}>{prefix}</span> : null}
        <input
          {...inputProps}
          ref={composedRef}
          id={inputId}
          className={styles.input}
          value={compositionDraft ?? value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={handleChange}
          onCompositionStart={handleCompositionStart}
          onCompositionEnd={handleCompositionEnd}
        />
        {suffix ? <span className={styles.suffix}>{suffix}</span> : null}
      </div>
      {message ? (
        <p id={messageId} className={invalid ? styles.errorMessage : styles.message}>
          {message}
        </p>
      ) : null}
    </div>
  )
}
TextField.displayName = 'TextField'
