import type { Meta, StoryObj } from '@storybook/react-vite'
import { LICENCE_TEXT } from '../../../strings.licence'
import { EarningsTable } from './EarningsTable'
import { SAMPLE_EARNINGS } from './licenceFixtures'

const meta = {
  title: 'Views/EarningsTable',
  component: EarningsTable,
  args: {
    records: SAMPLE_EARNINGS,
    totals: { sales: 3, grossFen: 6_939, commissionFen: 693, netFen: 6_246 },
    loading: false,
  },
} satisfies Meta<typeof EarningsTable>

export default meta
type Story = StoryObj<typeof meta>

export const ThreeSales: Story = {}

export const Loading: Story = { args: { loading: true, records: [], totals: null } }

export const Empty: Story = {
  args: { records: [], totals: null, empty: LICENCE_TEXT.noEarnings },
}
