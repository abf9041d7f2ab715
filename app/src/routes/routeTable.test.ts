import { describe, expect, it } from 'vitest'
import {
  DESKTOP_ROUTES,
  findRoute,
  isMobileUserAgent,
  MOBILE_ROUTES,
  mobileTwinOf,
} from './routeTable'

describe('route table', () => {
  it('lists every login-only route of the contract', () => {
    const loginOnly = DESKTOP_ROUTES.filter((route) => route.requiresLogin).map(
      (route) => route.path,
    )
    expect(loginOnly).toEqual([
      '/aiCreationCenter/smartMode',
      '/aiCreationCenter/advancedMode',
      '/aiCreationCenter/coverMode',
      '/aiCreationCenter/chooseMusic',
      '/aiCreationCenter/createHistory',
      '/aiCreationCenter/separationMode',
      '/accountInfo',
      '/musiciansZone',
      '/musiciansZone/copyrightDeposit',
      '/musiciansZone/workShelf',
      '/musiciansZone/confirmedListing',
      '/musiciansZone/certificateDeposit',
      '/musiciansZone/certificateDeposit/certificateDetails',
      '/musiciansZone/musicianCertification',
      '/buyPoints',
      '/pointsRecords',
      '/administrativeRegistration',
      '/copyrightRegistrationList',
      '/copyrightOwnerManager',
      '/review/certifications',
      '/musiciansZone/earnings',
      '/myLicences',
      // Votes and notices (votes branch).
      '/review/votes',
      '/review/registrations',
    ])
  })

  it('serves the public share page of an AI work in both shells, without login', () => {
    expect(findRoute('/aiShare')).toEqual({
      path: '/aiShare',
      title: '作品分享',
      requiresLogin: false,
    })
    expect(findRoute('/m/aiShare')).toMatchObject({ title: '作品分享', requiresLogin: false })
    expect(MOBILE_ROUTES.find((route) => route.path === '/m/aiShare')?.header).toBe(true)
  })

  it('finds routes, static pages in both shells, and nothing for unknown paths', () => {
    expect(findRoute('/home')?.title).toBe('首页')
    expect(findRoute('/gyPrivacy/')?.title).toBe('隐私政策')
    expect(findRoute('/m/gyServe')?.title).toBe('用户协议')
    expect(findRoute('/m/download_gy')?.title).toBe('下载App')
    expect(findRoute('/nowhere')).toBeUndefined()
  })

  it('sends phones and tablets to the mobile shell', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile'
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15'
    const desktop =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36'
    expect([iphone, android, ipad].map(isMobileUserAgent)).toEqual([true, true, true])
    expect(isMobileUserAgent(desktop)).toBe(false)
  })

  it('finds the mobile address of a desktop page that has one, and no other', () => {
    expect(mobileTwinOf('/')).toBe('/m/home')
    expect(mobileTwinOf('/home')).toBe('/m/home')
    expect(mobileTwinOf('/vote/details')).toBe('/m/vote/details')
    expect(mobileTwinOf('/copyrightedMusic/details/')).toBe('/m/copyrightedMusic/details')
    expect(mobileTwinOf('/gyPrivacy')).toBe('/m/gyPrivacy')
    // Pages made for the desktop only stay where they are on a phone.
    expect(mobileTwinOf('/musiciansZone')).toBeUndefined()
    expect(mobileTwinOf('/buyPoints')).toBeUndefined()
    expect(mobileTwinOf('/m/home')).toBeUndefined()
    // Every mobile page but the phone's own (the app download) has its desktop address.
    const twins = MOBILE_ROUTES.filter((route) =>
      DESKTOP_ROUTES.some((desktop) => mobileTwinOf(desktop.path) === route.path),
    )
    expect(twins.map((route) => route.path)).toContain('/m/vote/list')
  })
})
