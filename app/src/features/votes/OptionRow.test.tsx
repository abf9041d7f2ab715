// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { OptionRow, type OptionRowProps } from './OptionRow'

afterEach(cleanup)

const props: OptionRowProps = {
  position: 1,
  title: '晚风与灯火',
  subtitle: '林夕雨',
  imageUrl: '',
  votes: 12,
  totalVotes: 40,
  myVotes: 0,
  onVote: () => {},
}

function renderRow(extra: Partial<OptionRowProps>) {
  render(
    <ul>
      <OptionRow {...props} {...extra} />
    </ul>,
  )
}

describe('OptionRow', () => {
  // The button's name starts with its visible words (WCAG 2.5.3), in every state.
  it.each([
    [{}, '投票 晚风与灯火'],
    [{ busy: true }, '投票中… 晚风与灯火'],
    [{ voteDisabledLabel: '已结束' }, '已结束 晚风与灯火'],
  ])('names the vote button after what it shows (%o)', (extra, name) => {
    renderRow(extra)
    const button = screen.getByRole('button', { name })
    expect(name.startsWith(button.textContent ?? '∅')).toBe(true)
  })
})
