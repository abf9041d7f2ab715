/**
 * The AI creation zone's costs and limits, shared by the price tags and forms in the browser and
 * the charge and schemas on the server. A module of its own so the first page load, which needs
 * the other constants, does not carry these.
 */
/** Points one job costs when it is accepted; refunded once if it finally fails. */
export const AI_JOB_COSTS = { generate: 20, cover: 15, separate: 10 } as const
export const AI_PROMPT_MAX = 500
export const AI_TITLE_MAX = 40
export const AI_LYRICS_MAX = 5000
export const AI_TAG_MAX = 20
export const AI_TEMPO_MIN = 60
export const AI_TEMPO_MAX = 180
export const AI_SEMITONES_MIN = -12
export const AI_SEMITONES_MAX = 12
export const AI_GAIN_DB_MIN = -12
export const AI_GAIN_DB_MAX = 12
/** The visible label every AI output carries (GB 45438-2025 explicit label). */
export const AI_LABEL = 'AI生成'
