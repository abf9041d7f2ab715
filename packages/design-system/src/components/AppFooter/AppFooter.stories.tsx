import type { Meta, StoryObj } from '@storybook/react-vite'
import * as storyStyles from '../../stories/storyLayout.css'
import { storyRenderLink } from '../../stories/storyLinks'
import { AppFooter } from './AppFooter'

const groups = [
  {
    key: 'platform',
    title: '平台',
    links: [
      { key: 'aboutUs', label: '关于我们', href: '/aboutUs' },
      { key: 'upload', label: '上传作品', href: '/musiciansZone/copyrightDeposit' },
      { key: 'registration', label: '版权登记', href: '/administrativeRegistration' },
    ],
  },
  {
    key: 'agreements',
    title: '协议',
    links: [
      { key: 'gyServe', label: '用户协议', href: '/gyServe' },
      { key: 'gyPrivacy', label: '隐私政策', href: '/gyPrivacy' },
      { key: 'gyHelpshare', label: '授权分享协议', href: '/gyHelpshare' },
    ],
  },
]

const meta = {
  title: 'Views/AppFooter',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: AppFooter,
  parameters: { layout: 'fullscreen' },
  args: {
    groups,
    renderLink: storyRenderLink,
    contactImage: <div className={storyStyles.contactImage} role="img" aria-label="客服二维码" />,
    notes: ['京ICP备00000000号-1', '网络文化经营许可证 京网文〔2026〕0000-000号', '© 2026 GY音乐'],
  },
} satisfies Meta<typeof AppFooter>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const WithoutContactImage: Story = { args: { contactImage: undefined } }
