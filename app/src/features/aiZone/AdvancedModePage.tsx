import {
  AI_JOB_COSTS,
  AI_LYRICS_MAX,
  AI_TAG_MAX,
  AI_TEMPO_MAX,
  AI_TEMPO_MIN,
  AI_TITLE_MAX,
  createMusic,
} from '@gy/api/aiZone'
import {
  Button,
  LyricEditor,
  PageContainer,
  SectionHeader,
  TagPicker,
  TextField,
} from '@gy/design-system'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { AI_TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import {
  AI_KEY_MAX,
  type AdvancedField,
  type AdvancedForm,
  checkAdvanced,
  EMPTY_ADVANCED_FORM,
} from './forms'
import { JobSection } from './JobSection'
import { CostNote, FormAlert, Switch } from './parts'
import { useBalance } from './useBalance'
import { useJobSubmit } from './useJobSubmit'
import { useRememberedJob } from './useRememberedJob'

const TEXT = AI_TEXT.advanced
const FIELDS: readonly AdvancedField[] = [
  'title',
  'lyrics',
  'style',
  'mood',
  'tempo',
  'key',
  'seed',
]
const STYLE_OPTIONS = TEXT.styles.map((style) => ({ value: style, label: style }))
const MOOD_OPTIONS = TEXT.moods.map((mood) => ({ value: mood, label: mood }))

/**
 * A tag picked from the chips or typed freely (the server takes any text up to AI_TAG_MAX): the
 * chips and the text field show the same one value.
 */
function TagChoice({
  label,
  otherLabel,
  hint,
  options,
  value,
  error,
  onValueChange,
}: {
  label: string
  otherLabel: string
  hint?: string
  options: readonly { value: string; label: string }[]
  value: string
  error?: string
  onValueChange: (value: string) => void
}) {
  const offered = options.some((option) => option.value === value)
  return (
    <div className={styles.stack}>
      <TagPicker
        label={label}
        options={options}
        value={offered ? [value] : []}
        onValueChange={(picked) => onValueChange(picked[0] ?? '')}
      />
      <TextField
        label={otherLabel}
        value={offered ? '' : value}
        maxLength={AI_TAG_MAX}
        onValueChange={onValueChange}
        error={error}
        {...(hint === undefined ? {} : { hint })}
      />
    </div>
  )
}
TagChoice.displayName = 'TagChoice'

/**
 * /aiCreationCenter/advancedMode (自定义模式): title, lyrics, style and mood, and optionally
 * tempo, key and seed; 纯音乐 makes the lyrics optional. Same job display as 灵感模式.
 */
export function AdvancedModePage() {
  const { api } = useRuntime()
  const [form, setForm] = useState<AdvancedForm>(EMPTY_ADVANCED_FORM)
  const { balance, refresh } = useBalance()
  const remembered = useRememberedJob('advanced')
  const submission = useJobSubmit(FIELDS)
  const { errors } = submission

  function edit<Field extends keyof AdvancedForm>(field: Field, value: AdvancedForm[Field]): void {
    setForm((current) => ({ ...current, [field]: value }))
    if (field !== 'instrumental') submission.clearError(field as AdvancedField)
    else submission.clearError('lyrics')
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    const checked = checkAdvanced(form)
    if (!checked.ok) {
      submission.setErrors(checked.errors)
      return
    }
    const job = await submission.submit(() => createMusic(api, checked.body))
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
        <form className={styles.workspace} onSubmit={(event) => void submit(event)} noValidate>
          <div className={styles.panel}>
            <TextField
              label={TEXT.titleLabel}
              placeholder={TEXT.titlePlaceholder}
              value={form.title}
              maxLength={AI_TITLE_MAX}
              onValueChange={(value) => edit('title', value)}
              error={errors.title}
              required
            />
            <LyricEditor
              label={form.instrumental ? TEXT.lyricsOptionalLabel : TEXT.lyricsLabel}
              value={form.lyrics}
              onValueChange={(value) => edit('lyrics', value)}
              maxLength={AI_LYRICS_MAX}
              placeholder={TEXT.lyricsPlaceholder}
              {...(errors.lyrics === undefined ? {} : { error: errors.lyrics })}
            />
            <Switch
              label={TEXT.instrumental}
              hint={TEXT.instrumentalHint}
              checked={form.instrumental}
              onCheckedChange={(checked) => edit('instrumental', checked)}
            />
          </div>
          <div className={styles.panel}>
            <TagChoice
              label={TEXT.styleLabel}
              otherLabel={TEXT.otherStyle}
              hint={TEXT.styleHint}
              options={STYLE_OPTIONS}
              value={form.style}
              error={errors.style}
              onValueChange={(value) => edit('style', value)}
            />
            <TagChoice
              label={TEXT.moodLabel}
              otherLabel={TEXT.otherMood}
              options={MOOD_OPTIONS}
              value={form.mood}
              error={errors.mood}
              onValueChange={(value) => edit('mood', value)}
            />
            <div className={styles.fields}>
              <TextField
                label={TEXT.tempoLabel}
                value={form.tempo}
                inputMode="numeric"
                filter="digitsOnly"
                maxLength={3}
                hint={TEXT.tempoHint(AI_TEMPO_MIN, AI_TEMPO_MAX)}
                onValueChange={(value) => edit('tempo', value)}
                error={errors.tempo}
              />
              <TextField
                label={TEXT.keyLabel}
                value={form.key}
                maxLength={AI_KEY_MAX}
                hint={TEXT.keyHint}
                onValueChange={(value) => edit('key', value)}
                error={errors.key}
              />
              <TextField
                label={TEXT.seedLabel}
                value={form.seed}
                inputMode="numeric"
                filter="digitsOnly"
                maxLength={10}
                hint={TEXT.seedHint}
                onValueChange={(value) => edit('seed', value)}
                error={errors.seed}
              />
            </div>
            <CostNote cost={AI_JOB_COSTS.generate} balance={balance} />
            <FormAlert message={errors.form} pointsShort={submission.pointsShort} />
            <div className={styles.submitRow}>
              <Button
                type="submit"
                size="lg"
                loading={submission.submitting}
                loadingLabel={TEXT.submitting}
                disabled={submission.submitting}
              >
                {TEXT.submit}
              </Button>
              <span className={styles.muted}>{AI_TEXT.smart.twoSongs}</span>
            </div>
          </div>
        </form>
        <JobSection
          followed={remembered.followed}
          onJobChange={remembered.show}
          onSettled={refresh}
        />
      </div>
    </PageContainer>
  )
}
AdvancedModePage.displayName = 'AdvancedModePage'
