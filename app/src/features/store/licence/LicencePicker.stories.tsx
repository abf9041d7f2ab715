import type { Meta, StoryObj } from '@storybook/react-vite'
import { LicencePicker } from './LicencePicker'
import { SAMPLE_LICENCE_OPTIONS } from './licenceFixtures'

const meta = {
  title: 'Views/LicencePicker',
  component: LicencePicker,
  argTypes: {
    value: { control: 'inline-radio', options: [null, 'personal', 'commercial'] },
    disabled: { control: 'boolean' },
  },
  args: { options: SAMPLE_LICENCE_OPTIONS, value: 'personal', onValueChange: () => {} },
} satisfies Meta<typeof LicencePicker>

export default meta
type Story = StoryObj<typeof meta>

export const Personal: Story = {}

export const Commercial: Story = { args: { value: 'commercial' } }

export const NothingChosen: Story = { args: { value: null } }

export const PersonalOwned: Story = {
  args: {
    value: 'commercial',
    options: SAMPLE_LICENCE_OPTIONS.map((option) => ({
      ...option,
      owned: option.licenceType === 'personal',
    })),
  },
}

export const Disabled: Story = { args: { disabled: true } }
