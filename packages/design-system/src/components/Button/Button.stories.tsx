import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import * as storyStyles from '../../stories/storyLayout.css'
import { Button, buttonSizes, buttonVariants } from './Button'

const meta = {
  title: 'Design System/Button',
  component: Button,
  args: { children: '登录', variant: 'primary', size: 'md', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>

export default meta
type Story = StoryObj<typeof meta>

export const Primary: Story = {}

export const Secondary: Story = { args: { variant: 'secondary', children: '上传作品' } }

export const Ghost: Story = { args: { variant: 'ghost', children: '取消' } }

export const Text: Story = { args: { variant: 'text', children: '《用户协议》' } }

export const Loading: Story = { args: { loading: true } }

export const Disabled: Story = { args: { disabled: true, children: '重新发送(58)' } }

export const FullWidth: Story = {
  args: { fullWidth: true, size: 'lg' },
  render: (args) => (
    <div className={storyStyles.narrow}>
      <Button {...args} />
    </div>
  ),
}

export const AsLink: Story = {
  args: { asChild: true, variant: 'secondary', children: <a href="#about">关于我们</a> },
}

export const AllVariantsAndSizes: Story = {
  render: (args) => (
    <div className={storyStyles.column}>
      {buttonVariants.map((variant) => (
        <div key={variant} className={storyStyles.row}>
          {buttonSizes.map((size) => (
            <Button key={size} {...args} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
          <Button {...args} variant={variant} loading>
            加载
          </Button>
          <Button {...args} variant={variant} disabled>
            禁用
          </Button>
        </div>
      ))}
    </div>
  ),
}
