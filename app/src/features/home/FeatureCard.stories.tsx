import type { Meta, StoryObj } from '@storybook/react-vite'
import { STRINGS } from '../../strings'
import { FeatureCard } from './FeatureCard'
import { FEATURE_ICONS, type FeatureIconName } from './FeatureIcons'

const iconNames = Object.keys(FEATURE_ICONS) as FeatureIconName[]
const [deposit] = STRINGS.home.features

function featureArgs(index: number) {
  const feature = STRINGS.home.features[index] ?? deposit
  return { title: feature.title, description: feature.description, icon: feature.key }
}

const meta = {
  title: 'Views/FeatureCard',
  component: FeatureCard,
  argTypes: { icon: { control: 'inline-radio', options: iconNames } },
  args: { title: deposit.title, description: deposit.description, icon: deposit.key },
} satisfies Meta<typeof FeatureCard>

export default meta
type Story = StoryObj<typeof meta>

export const Deposit: Story = {}

export const Trade: Story = { args: featureArgs(1) }

export const Create: Story = { args: featureArgs(2) }

export const Registration: Story = { args: featureArgs(3) }
