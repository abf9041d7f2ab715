import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../Button/Button'
import * as BottomSheet from './BottomSheet'
import * as styles from '../Dialog/Dialog.stories.css'

const meta = {
  title: 'Design System/BottomSheet',
  component: BottomSheet.Content,
  args: { showCloseButton: true },
  render: (args) => (
    <BottomSheet.Root defaultOpen>
      <BottomSheet.Trigger asChild>
        <Button variant="secondary">打开底部面板</Button>
      </BottomSheet.Trigger>
      <BottomSheet.Content {...args}>
        <div className={styles.body}>
          <BottomSheet.Title>分享到</BottomSheet.Title>
          <BottomSheet.Description>复制链接后发给好友，对方打开即可试听。</BottomSheet.Description>
          <div className={styles.actions}>
            <BottomSheet.Close asChild>
              <Button variant="ghost">取消</Button>
            </BottomSheet.Close>
            <BottomSheet.Close asChild>
              <Button>复制链接</Button>
            </BottomSheet.Close>
          </div>
        </div>
      </BottomSheet.Content>
    </BottomSheet.Root>
  ),
} satisfies Meta<typeof BottomSheet.Content>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {}

export const WithoutCloseButton: Story = { args: { showCloseButton: false } }
