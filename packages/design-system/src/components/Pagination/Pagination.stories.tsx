import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { Pagination, type PaginationProps } from './Pagination'

/** Keeps the page in story state so the buttons can be tried. */
function StatefulPagination(args: PaginationProps) {
  const [page, setPage] = useState(args.page)
  return (
    <Pagination
      {...args}
      page={page}
      onPageChange={(next) => {
        setPage(next)
        args.onPageChange(next)
      }}
    />
  )
}

const meta = {
  title: 'Design System/Pagination',
  component: Pagination,
  render: (args) => <StatefulPagination {...args} />,
  args: { page: 1, pageSize: 10, total: 86, onPageChange: fn() },
} satisfies Meta<typeof Pagination>

export default meta
type Story = StoryObj<typeof meta>

export const FirstPage: Story = {}

export const LastPage: Story = { args: { page: 9 } }

export const ManyPagesMiddle: Story = { args: { page: 12, total: 486 } }

export const ManyPagesNearStart: Story = { args: { page: 3, total: 486 } }

export const SinglePage: Story = { args: { total: 7 } }

export const Empty: Story = { args: { total: 0 } }
