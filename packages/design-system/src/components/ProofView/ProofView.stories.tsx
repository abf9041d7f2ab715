import type { Meta, StoryObj } from '@storybook/react-vite'
import { ProofView } from './ProofView'

const hash = (seed: string) => seed.repeat(32).slice(0, 64)

const meta = {
  title: 'Design System/ProofView',
  component: ProofView,
  args: { path: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'].map(hash) },
} satisfies Meta<typeof ProofView>

export default meta
type Story = StoryObj<typeof meta>

export const Collapsed: Story = {}
export const Short: Story = { args: { path: ['0f', '9e'].map(hash) } }
export const SingleLeaf: Story = { args: { path: [] } }
