import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { inputFilterNames } from '../../filters'
import * as storyStyles from '../../stories/storyLayout.css'
import { Button } from '../Button/Button'
import { TextField, textFieldSizes } from './TextField'

const meta = {
  title: 'Design System/TextField',
  component: TextField,
  args: { label: '手机号码', placeholder: '请输入手机号码', size: 'md', onValueChange: fn() },
  argTypes: {
    size: { control: 'inline-radio', options: textFieldSizes },
    filter: { control: 'select', options: inputFilterNames },
  },
  decorators: [
    (Story) => (
      <div className={storyStyles.narrow}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = { args: { defaultValue: '13800138000' } }

export const PhoneWithPrefix: Story = {
  args: { prefix: '+86', filter: 'digitsOnly', maxLength: 11, inputMode: 'numeric', size: 'lg' },
}

export const CodeWithSmsButton: Story = {
  args: {
    label: '验证码',
    placeholder: '请输入验证码',
    filter: 'digitsOnly',
    maxLength: 6,
    size: 'lg',
    suffix: (
      <Button variant="text" onClick={fn()}>
        获取验证码
      </Button>
    ),
  },
}

export const CountingDown: Story = {
  args: {
    ...CodeWithSmsButton.args,
    defaultValue: '1234',
    suffix: (
      <Button variant="text" disabled>
        重新发送(58)
      </Button>
    ),
  },
}

export const WithHint: Story = {
  args: {
    label: '昵称',
    placeholder: '请输入昵称',
    hint: '1到20个字符，不能包含特殊符号',
    maxLength: 20,
  },
}

export const WithError: Story = { args: { error: '请输入手机号码' } }

export const Disabled: Story = { args: { disabled: true, defaultValue: '13800138000' } }

export const MoneyWithUnit: Story = {
  args: {
    label: '售价',
    placeholder: '0.00',
    filter: 'twoDecimals',
    inputMode: 'decimal',
    suffix: '元',
  },
}

/** Try every filter: type or paste anything, the field keeps only what its filter allows. */
export const AllFilters: Story = {
  render: function AllFiltersStory() {
    const [values, setValues] = useState<Record<string, string>>({})
    return (
      <div className={storyStyles.column}>
        {inputFilterNames.map((name) => (
          <TextField
            key={name}
            label={name}
            filter={name}
            value={values[name] ?? ''}
            onValueChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
          />
        ))}
      </div>
    )
  },
}
