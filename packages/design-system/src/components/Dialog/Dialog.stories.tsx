import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../Button/Button'
import * as Dialog from './Dialog'
import * as styles from './Dialog.stories.css'

const meta = {
  title: 'Design System/Dialog',
  component: Dialog.Content,
  args: { size: 'confirm', showCloseButton: true },
  argTypes: { size: { control: 'inline-radio', options: Dialog.dialogSizes } },
  render: (args) => (
    <Dialog.Root defaultOpen>
      <Dialog.Trigger asChild>
        <Button variant="secondary">打开对话框</Button>
      </Dialog.Trigger>
      <Dialog.Content {...args}>
        <div className={styles.body}>
          <Dialog.Title>系统提示</Dialog.Title>
          <Dialog.Description>作品已提交审核，审核结果将通过短信通知你。</Dialog.Description>
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button variant="ghost">取消</Button>
            </Dialog.Close>
            <Dialog.Close asChild>
              <Button>确定</Button>
            </Dialog.Close>
          </div>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  ),
} satisfies Meta<typeof Dialog.Content>

export default meta
type Story = StoryObj<typeof meta>

export const Confirm: Story = {}

export const Lyric: Story = {
  args: { size: 'lyric' },
  render: (args) => (
    <Dialog.Root defaultOpen>
      <Dialog.Content {...args}>
        <div className={styles.body}>
          <Dialog.Title>晚风 · 歌词</Dialog.Title>
          <Dialog.Description className={styles.lyric}>
            {'晚风吹过旧街的灯\n你在歌里轻轻地等\n一句一句慢慢地唱\n让时光把心事都收藏'}
          </Dialog.Description>
          <div className={styles.actions}>
            <Button variant="secondary">下载歌词</Button>
          </div>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  ),
}

export const LoginSize: Story = {
  args: { size: 'login' },
  render: (args) => (
    <Dialog.Root defaultOpen>
      <Dialog.Content {...args}>
        <div className={styles.loginBody}>
          <Dialog.Title>1100px 宽的登录对话框</Dialog.Title>
          <Dialog.Description>在小屏幕上会收窄，四周保留边距。</Dialog.Description>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  ),
}

export const Closed: Story = {
  render: (args) => (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="secondary">打开对话框</Button>
      </Dialog.Trigger>
      <Dialog.Content {...args}>
        <div className={styles.body}>
          <Dialog.Title>系统提示</Dialog.Title>
          <Dialog.Description>按 Esc 或点击遮罩关闭。</Dialog.Description>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  ),
}
