// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LinkItem } from '../../links'
import { AppHeader } from './AppHeader'

beforeAll(() => {
  // Radix positions menus with ResizeObserver, which jsdom does not provide.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})

afterEach(cleanup)

const renderLink = (item: LinkItem, children: ReactNode) => (
  <a href={item.href} aria-current={item.active ? 'page' : undefined}>
    {children}
  </a>
)

const navItems = [
  { key: 'home', label: '首页', href: '/home', active: true },
  { key: 'aboutUs', label: '关于我们', href: '/aboutUs' },
]

describe('AppHeader', () => {
  it('renders the nav items through renderLink', () => {
    render(<AppHeader navItems={navItems} renderLink={renderLink} brandHref="/home" />)
    const nav = screen.getByRole('navigation')
    expect(nav.querySelector('a[href="/aboutUs"]')?.textContent).toBe('关于我们')
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('首页')
    expect(screen.getByRole('link', { name: 'GY音乐' }).getAttribute('href')).toBe('/home')
  })

  it('offers visitors the 登录 button', () => {
    const onLoginClick = vi.fn()
    render(<AppHeader navItems={navItems} renderLink={renderLink} onLoginClick={onLoginClick} />)
    fireEvent.click(screen.getByRole('button', { name: '登录' }))
    expect(onLoginClick).toHaveBeenCalledTimes(1)
  })

  it('shows a user their nickname and reports the chosen menu item', async () => {
    const onMenuSelect = vi.fn()
    render(
      <AppHeader
        navItems={navItems}
        renderLink={renderLink}
        user={{ nickName: '林晚' }}
        menuItems={[
          { key: 'accountInfo', label: '账号信息' },
          { key: 'logout', label: '退出登录' },
        ]}
        onMenuSelect={onMenuSelect}
      />,
    )
    expect(screen.queryByRole('button', { name: '登录' })).toBeNull()
    const trigger = await screen.findByRole('button', { name: /林晚/ })
    fireEvent.keyDown(trigger, { key: 'Enter' })
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }))
    expect(onMenuSelect).toHaveBeenCalledWith('logout')
  })

  it('shows an item hint, such as the balance, as part of the item and groups with separators', () => {
    render(
      <AppHeader
        navItems={navItems}
        renderLink={renderLink}
        user={{ nickName: '林晚' }}
        menuItems={[
          { key: 'buyPoints', label: '积分充值', hint: '1,280 积分' },
          { key: 'logout', label: '退出登录', separatorBefore: true },
        ]}
      />,
    )
    fireEvent.keyDown(screen.getByRole('button', { name: /林晚/ }), { key: 'Enter' })
    expect(screen.getByRole('menuitem', { name: /^积分充值\s*1,280 积分$/ })).toBeTruthy()
    expect(screen.getAllByRole('separator')).toHaveLength(1)
  })
})
