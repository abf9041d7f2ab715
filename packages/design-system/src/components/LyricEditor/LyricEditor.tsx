import { clsx } from 'clsx'
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { AI_STRINGS } from '../../strings.ai'
import { insertSectionTag, LYRIC_SECTION_TAGS, lyricSections } from './lyricSections'
import * as styles from './LyricEditor.css'

export interface LyricEditorProps {
  label: string
  value: string
  onValueChange: (value: string) => void
  /** The most characters allowed. Longer text is kept (a paste is never cut) and flagged. */
  maxLength: number
  error?: string
  disabled?: boolean
  placeholder?: string
  id?: string
  className?: string
}

/**
 * Lyrics with section tags. A toolbar puts [verse], [chorus] and the rest on a line of their own at
 * the cursor; under the text, the structure so far (主歌 · 4行, 副歌 · 4行) and a character count.
 * The toolbar is one tab stop: arrow keys move between its buttons.
 */
export function LyricEditor({
  label,
  value,
  onValueChange,
  maxLength,
  error,
  disabled = false,
  placeholder,
  id: idProp,
  className,
}: LyricEditorProps) {
  const generatedId = useId()
  const id = idProp ?? generatedId
  const counterId = `${id}-counter`
  const errorId = `${id}-error`
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const toolRefs = useRef<(HTMLButtonElement | null)[]>([])
  const [activeTool, setActiveTool] = useState(0)
  // Where the cursor goes once the parent has taken an inserted tag into `value`.
  const pendingRef = useRef<{ value: string; caret: number } | null>(null)

  useLayoutEffect(() => {
    const pending = pendingRef.current
    const textarea = textareaRef.current
    if (pending === null || textarea === null) return
    pendingRef.current = null
    // A parent that refused the change leaves the cursor where it was.
    if (textarea.value !== pending.value) return
    textarea.focus()
    textarea.setSelectionRange(pending.caret, pending.caret)
  })

  const length = value.length
  const over = length > maxLength
  const invalid = Boolean(error) || over
  const sections = lyricSections(value)
  const copy = AI_STRINGS.lyricEditor

  function insert(tag: string): void {
    const textarea = textareaRef.current
    const start = textarea?.selectionStart ?? value.length
    const end = textarea?.selectionEnd ?? value.length
    const next = insertSectionTag(value, start, end, tag)
    pendingRef.current = next
    onValueChange(next.value)
  }

  function moveBetweenTools(event: KeyboardEvent<HTMLDivElement>): void {
    const last = LYRIC_SECTION_TAGS.length - 1
    const target = {
      ArrowRight: activeTool === last ? 0 : activeTool + 1,
      ArrowLeft: activeTool === 0 ? last : activeTool - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (target === undefined) return
    event.preventDefault()
    setActiveTool(target)
    toolRefs.current[target]?.focus()
  }

  return (
    <div className={clsx(styles.root, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div
        className={styles.field}
        data-invalid={invalid ? '' : undefined}
        data-disabled={disabled ? '' : undefined}
      >
        <div
          className={styles.toolbar}
          role="toolbar"
          aria-label={copy.toolbar}
          aria-controls={id}
          onKeyDown={moveBetweenTools}
        >
          {LYRIC_SECTION_TAGS.map((tag, index) => (
            <button
              key={tag}
              ref={(element) => {
                toolRefs.current[index] = element
              }}
              type="button"
              className={styles.tool}
              tabIndex={index === activeTool ? 0 : -1}
              title={`[${tag}]`}
              aria-label={copy.insert(copy.sections[tag], `[${tag}]`)}
              disabled={disabled}
              // Keeps the cursor in the text, so a click inserts where the writer is.
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setActiveTool(index)}
              onClick={() => insert(tag)}
            >
              {copy.sections[tag]}
            </button>
          ))}
        </div>
        <textarea
          ref={textareaRef}
          id={id}
          className={styles.textarea}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          rows={10}
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={clsx(counterId, error && errorId)}
          onChange={(event) => onValueChange(event.currentTarget.value)}
        />
        <div className={styles.footer}>
          {sections.length > 0 ? (
            <ul className={styles.sections} aria-label={copy.structure}>
              {sections.map((section, index) => (
                <li key={index} className={styles.section} data-tag={section.tag}>
                  {copy.sectionSummary(section.label, section.lines)}
                </li>
              ))}
            </ul>
          ) : (
            <span className={styles.structureHint}>{copy.emptyStructure}</span>
          )}
          <span className={styles.counter} data-over={over ? '' : undefined} aria-hidden="true">
            {copy.counter(length, maxLength)}
          </span>
          <span id={counterId} className={styles.visuallyHidden}>
            {copy.counterLabel(length, maxLength)}
          </span>
        </div>
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
LyricEditor.displayName = 'LyricEditor'
