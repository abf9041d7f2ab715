import { clsx } from 'clsx'
import { Fragment, type ComponentPropsWithRef } from 'react'
import * as styles from './Stepper.css'

export interface StepperProps extends ComponentPropsWithRef<'ol'> {
  steps: readonly string[]
  /** The index of the step the user is on; earlier ones show as done. */
  current: number
}

/** Where the user is in a flow of a few steps: 上传作品 → 填写信息 → 完成存证. */
export function Stepper({ steps, current, className, ...props }: StepperProps) {
  return (
    <ol className={clsx(styles.list, className)} {...props}>
      {steps.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'upcoming'
        return (
          <Fragment key={label}>
            {index > 0 ? <li className={styles.connector} aria-hidden="true" /> : null}
            <li
              className={styles.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={styles.marker} aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              {label}
            </li>
          </Fragment>
        )
      })}
    </ol>
  )
}
Stepper.displayName = 'Stepper'
