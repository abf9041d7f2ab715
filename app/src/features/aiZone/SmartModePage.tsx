import { AI_JOB_COSTS, AI_PROMPT_MAX, createMusic } from '@gy/api/aiZone'
import { Button, PageContainer, SectionHeader } from '@gy/design-system'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { AI_TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { checkSmart, type SmartField } from './forms'
import { JobSection } from './JobSection'
import { CostNote, FormAlert, submitOnModEnter, Switch } from './parts'
import { useBalance } from './useBalance'
import { useJobSubmit } from './useJobSubmit'
import { useRememberedJob } from './useRememberedJob'

const TEXT = AI_TEXT.smart
const FIELDS: readonly SmartField[] = ['prompt']

/**
 * /aiCreationCenter/smartMode (灵感模式): describe a song in a sentence, get two. The job stays
 * below the form, followed live; a reload shows it again.
 */
export function SmartModePage() {
  const { api } = useRuntime()
  const [prompt, setPrompt] = useState('')
  const [instrumental, setInstrumental] = useState(false)
  const { balance, refresh } = useBalance()
  const remembered = useRememberedJob('smart')
  const form = useJobSubmit(FIELDS)
  const promptId = useId()
  const counterId = useId()
  const errorId = useId()
  const cost = AI_JOB_COSTS.generate

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    const checked = checkSmart({ prompt, instrumental })
    if (!checked.ok) return form.setErrors(checked.errors)
    const job = await form.submit(() => createMusic(api, checked.body))
    if (job !== null) {
      remembered.show(job)
      refresh()
    }
  }

  return (
    <PageContainer width="wide">
      <div className={styles.page}>
        <div className={styles.headerRow}>
          <SectionHeader title={TEXT.title} subtitle={TEXT.subtitle} level={1} />
          <Button variant="secondary" asChild>
            <Link to="/aiCreationCenter/createHistory">{AI_TEXT.center.history}</Link>
          </Button>
        </div>
        <div className={styles.workspace}>
          <form className={styles.panel} onSubmit={(event) => void submit(event)} noValidate>
            <div className={styles.field}>
              <div className={styles.spread}>
                <label htmlFor={promptId} className={styles.fieldLabel}>
                  {TEXT.promptLabel}
                </label>
                <span id={counterId} className={styles.counter}>
                  {TEXT.counter(prompt.length, AI_PROMPT_MAX)}
                </span>
              </div>
              <textarea
                id={promptId}
                className={styles.textarea}
                value={prompt}
                maxLength={AI_PROMPT_MAX}
                placeholder={TEXT.promptPlaceholder}
                aria-invalid={form.errors.prompt === undefined ? undefined : true}
                aria-describedby={`${counterId} ${errorId}`}
                onChange={(event) => {
                  setPrompt(event.currentTarget.value)
                  form.clearError('prompt')
                }}
                onKeyDown={submitOnModEnter}
              />
              <p id={errorId} className={styles.fieldError} aria-live="polite">
                {form.errors.prompt}
              </p>
            </div>
            <Switch
              label={TEXT.instrumental}
              hint={TEXT.instrumentalHint}
              checked={instrumental}
              onCheckedChange={setInstrumental}
            />
            <CostNote cost={cost} balance={balance} />
            <FormAlert message={form.errors.form} pointsShort={form.pointsShort} />
            <div className={styles.submitRow}>
              <Button
                type="submit"
                size="lg"
                loading={form.submitting}
                loadingLabel={TEXT.submitting}
                disabled={form.submitting}
              >
                {TEXT.submit}
              </Button>
              <span className={styles.muted}>
                {TEXT.twoSongs} {TEXT.enterHint}
              </span>
            </div>
          </form>
          <aside className={styles.panel} aria-labelledby={`${promptId}-examples`}>
            <h2 id={`${promptId}-examples`} className={styles.fieldLabel}>
              {TEXT.examples}
            </h2>
            <ul className={styles.chips}>
              {TEXT.examplePrompts.map((example) => (
                <li key={example}>
                  <button
                    type="button"
                    className={styles.chip}
                    onClick={() => {
                      setPrompt(example)
                      form.clearError('prompt')
                      document.getElementById(promptId)?.focus()
                    }}
                  >
                    {example}
                  </button>
                </li>
              ))}
            </ul>
          </aside>
        </div>
        <JobSection
          followed={remembered.followed}
          onJobChange={remembered.show}
          onSettled={refresh}
        />
      </div>
    </PageContainer>
  )
}
SmartModePage.displayName = 'SmartModePage'
