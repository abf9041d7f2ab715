import type { Meta, StoryObj } from '@storybook/react-vite'
import { SectionHeader } from '../SectionHeader/SectionHeader'
import { PageContainer, pageContainerWidths } from './PageContainer'

const meta = {
  title: 'Views/PageContainer',
  component: PageContainer,
  parameters: { layout: 'fullscreen' },
  argTypes: { width: { control: 'inline-radio', options: pageContainerWidths } },
  args: {
    width: 'default',
    children: (
      <>
        <SectionHeader title="关于我们" subtitle="GY音乐致力于让价值回归音乐人" />
        <p>
          我们为音乐人提供作品存证、版权登记、作品交易与 AI
          创作工具，让每一首作品都被看见、被保护、被合理地回报。
        </p>
      </>
    ),
  },
} satisfies Meta<typeof PageContainer>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Narrow: Story = { args: { width: 'narrow' } }

export const Wide: Story = { args: { width: 'wide' } }
