import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { storyRenderLink } from '../../stories/storyLinks'
import { AppHeader } from './AppHeader'

const navItems = [
  { key: 'home', label: '首页', href: '/home', active: true },
  { key: 'copyrightedMusic', label: '版权音乐', href: '/copyrightedMusic' },
  { key: 'aboutUs', label: '关于我们', href: '/aboutUs' },
]

const menuItems = [
  { key: 'accountInfo', label: '账号信息' },
  { key: 'buyPoints', label: '积分充值', hint: '1,280 积分' },
  { key: 'pointsRecords', label: '积分明细' },
  { key: 'musiciansZone', label: '音乐人专区', separatorBefore: true },
  { key: 'copyrightRegistrationList', label: '版权登记列表' },
  { key: 'copyrightOwnerManager', label: '著作权人管理' },
  { key: 'logout', label: '退出登录', tone: 'danger' as const, separatorBefore: true },
]

const meta = {
  title: 'Views/AppHeader',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: AppHeader,
  parameters: { layout: 'fullscreen' },
  args: {
    navItems,
    renderLink: storyRenderLink,
    brandHref: '/home',
    menuItems,
    onLoginClick: fn(),
    onMenuSelect: fn(),
  },
} satisfies Meta<typeof AppHeader>

export default meta
type Story = StoryObj<typeof meta>

export const Visitor: Story = { args: { user: null } }

export const LoggedIn: Story = { args: { user: { nickName: '林晚', avatarUrl: null } } }

export const LongNickname: Story = {
  args: { user: { nickName: '一位名字特别特别长的独立音乐人', avatarUrl: null } },
}

export const OtherPageActive: Story = {
  args: {
    user: null,
    navItems: navItems.map((item) => ({ ...item, active: item.key === 'aboutUs' })),
  },
}
