import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../Button/Button'
import { StatusBadge } from '../StatusBadge/StatusBadge'
import { CertificateCard } from './CertificateCard'

const meta = {
  title: 'Views/CertificateCard',
  component: CertificateCard,
  args: {
    certificateNo: 'GYCD-20261124-00000042',
    workTitle: '夜空中最亮的星',
    owner: 'GY用户8000',
    depositedAt: '2026年11月24日 08:04',
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    logIndex: 42,
    checkpoint: { treeSize: 43, rootHash: 'cd'.repeat(32) },
  },
} satisfies Meta<typeof CertificateCard>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const WithActions: Story = {
  args: {
    badge: <StatusBadge tone="accent">在售</StatusBadge>,
    actions: (
      <>
        <Button>下载证书</Button>
        <Button variant="secondary">公开核验</Button>
      </>
    ),
  },
}
