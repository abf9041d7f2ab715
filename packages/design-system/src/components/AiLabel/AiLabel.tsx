import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { Icon, type IconProps } from '../private/icons'
import { AI_STRINGS } from '../../strings.ai'
import * as styles from './AiLabel.css'

export const AI_LABEL_SIZES = ['small', 'medium'] as const
export type AiLabelSize = (typeof AI_LABEL_SIZES)[number]

export interface AiLabelProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  size?: AiLabelSize
}

/** A four-pointed spark: the usual mark for generated content. */
function SparkIcon(props: IconProps) {
  return (
    <Icon {...props} stroke="none" fill="currentColor">
      <path d="M12 2.5c.5 4.6 2.4 7 7 7.5v1c-4.6.5-6.5 2.9-7 7.5h-1c-.5-4.6-2.4-7-7-7.5V10c4.6-.5 6.5-2.9 7-7.5h1Z" />
    </Icon>
  )
}

/**
 * The visible label GB 45438-2025 asks for wherever AI output is shown: 「AI生成」 in a small pill,
 * with a title that says what it means.
 */
export function AiLabel({ size = 'small', className, ...props }: AiLabelProps) {
  return (
    <span
      className={clsx(styles.label({ size }), className)}
      title={AI_STRINGS.aiLabelTitle}
      data-size={size}
      {...props}
    >
      <SparkIcon />
      {AI_STRINGS.aiLabel}
    </span>
  )
}
AiLabel.displayName = 'AiLabel'
