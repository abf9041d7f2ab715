import { lazy, type ReactNode, Suspense } from 'react'
import { Navigate, Outlet, type RouteObject } from 'react-router'
import { NotFoundPage } from '../features/notFound/NotFoundPage'
import { PlaceholderPage } from '../features/placeholder/PlaceholderPage'
import { RuntimeProvider } from '../providers/runtime'
import { ChunkErrorBoundary } from '../shells/ChunkErrorBoundary'
import { RequireLogin } from '../shells/RequireLogin'
import {
  DESKTOP_ROUTES,
  isMobileUserAgent,
  MOBILE_ROUTES,
  type RouteEntry,
  STATIC_ROUTES,
} from './routeTable'

// Pages other than home load on demand so the first load of /home stays small.
const AccountInfoPage = lazy(() =>
  import('../features/account/AccountInfoPage').then((module) => ({
    default: module.AccountInfoPage,
  })),
)
const LegalPage = lazy(() =>
  import('../features/legal/LegalPage').then((module) => ({ default: module.LegalPage })),
)
// The store (store branch): browsing, search and a work's page, in one chunk.
const StorePage = lazy(() =>
  import('../features/store/storePages').then((module) => ({ default: module.StorePage })),
)
const WorkPage = lazy(() =>
  import('../features/store/storePages').then((module) => ({ default: module.WorkPage })),
)
// Each shell and its home page load on demand, so a phone does not carry the desktop's shell and
// pages, nor a desktop the phone's; preloadShellFor starts the one the address needs at once.
const loadDesktopShell = () => import('../shells/DesktopShell')
const loadHomePage = () => import('../features/home/HomePage')
const loadMobileShell = () => import('../shells/MobileShell')
const loadMobileHomePage = () => import('../features/mobile/MobileHomePage')
const DesktopShell = lazy(() =>
  loadDesktopShell().then((module) => ({ default: module.DesktopShell })),
)
const HomePage = lazy(() => loadHomePage().then((module) => ({ default: module.HomePage })))
const MobileShell = lazy(() =>
  loadMobileShell().then((module) => ({ default: module.MobileShell })),
)
const MobilePlayerPage = lazy(() =>
  import('../features/mobile/MobilePlayerPage').then((module) => ({
    default: module.MobilePlayerPage,
  })),
)
const DownloadPage = lazy(() =>
  import('../features/mobile/DownloadPage').then((module) => ({ default: module.DownloadPage })),
)
const AboutUsPage = lazy(() =>
  import('../features/about/StoryPage').then((module) => ({ default: module.AboutUsPage })),
)
const JoinUsPage = lazy(() =>
  import('../features/about/StoryPage').then((module) => ({ default: module.JoinUsPage })),
)
const BuyPointsPage = lazy(() =>
  import('../features/points/BuyPointsPage').then((module) => ({ default: module.BuyPointsPage })),
)
const PointsRecordsPage = lazy(() =>
  import('../features/points/PointsRecordsPage').then((module) => ({
    default: module.PointsRecordsPage,
  })),
)
const MobileHomePage = lazy(() =>
  loadMobileHomePage().then((module) => ({ default: module.MobileHomePage })),
)

/**
 * Starts fetching the shell (and the home page) an address shows while React starts, instead of
 * after its first render. A failure is left to the lazy component, which asks again and shows the
 * chunk error with 重新加载.
 */
export function preloadShellFor(pathname: string, userAgent: string): void {
  const ignore = () => undefined
  const isRoot = pathname === '/'
  if (pathname.startsWith('/m/') || (isRoot && isMobileUserAgent(userAgent))) {
    loadMobileShell().catch(ignore)
    if (isRoot || pathname === '/m/home') loadMobileHomePage().catch(ignore)
  } else {
    loadDesktopShell().catch(ignore)
    if (isRoot || pathname === '/home') loadHomePage().catch(ignore)
  }
}

const zonePage = <Name extends keyof typeof import('../features/musiciansZone/pages')>(
  name: Name,
) =>
  lazy(() =>
    import('../features/musiciansZone/pages').then((module) => ({ default: module[name] })),
  )
const ZoneHomePage = zonePage('ZoneHomePage')
const DepositPage = zonePage('DepositPage')
const CertificatesPage = zonePage('CertificatesPage')
const CertificateDetailsPage = zonePage('CertificateDetailsPage')
const ListingPage = zonePage('ListingPage')
const ShelfPage = zonePage('ShelfPage')
const CertificationPage = zonePage('CertificationPage')
const ReviewPage = zonePage('ReviewPage')

// Licences and earnings (licence branch).
const licencePage = <Name extends keyof typeof import('../features/store/licence/pages')>(
  name: Name,
) =>
  lazy(() =>
    import('../features/store/licence/pages').then((module) => ({ default: module[name] })),
  )
const EarningsPage = licencePage('EarningsPage')
const MyLicencesPage = licencePage('MyLicencesPage')
// Copyright registration (registration branch).
const registrationPage = <Name extends keyof typeof import('../features/registration/pages')>(
  name: Name,
) =>
  lazy(() => import('../features/registration/pages').then((module) => ({ default: module[name] })))
const OwnerManagerPage = registrationPage('OwnerManagerPage')
const RegistrationFormPage = registrationPage('RegistrationFormPage')
const RegistrationListPage = registrationPage('RegistrationListPage')
const RegistrationReviewPage = registrationPage('RegistrationReviewPage')

const aiPage = <Name extends keyof typeof import('../features/aiZone/pages')>(name: Name) =>
  lazy(() => import('../features/aiZone/pages').then((module) => ({ default: module[name] })))
const CreationCenterPage = aiPage('CreationCenterPage')
const SmartModePage = aiPage('SmartModePage')
const AdvancedModePage = aiPage('AdvancedModePage')
const CoverModePage = aiPage('CoverModePage')
const ChooseMusicPage = aiPage('ChooseMusicPage')
const CreateHistoryPage = aiPage('CreateHistoryPage')
const SeparationModePage = aiPage('SeparationModePage')
const AiSharePage = aiPage('AiSharePage')

// Votes and notices (votes branch).
const votePage = <Name extends keyof typeof import('../features/votes/pages')>(name: Name) =>
  lazy(() => import('../features/votes/pages').then((module) => ({ default: module[name] })))
const VoteListPage = votePage('VoteListPage')
const VoteDetailsPage = votePage('VoteDetailsPage')
const ReviewVotesPage = votePage('ReviewVotesPage')
const NoticePage = votePage('NoticePage')
const MusicPushPage = votePage('MusicPushPage')

/** The pages built so far; every other route shows its titled placeholder. */
const DESKTOP_PAGES: Partial<Record<string, ReactNode>> = {
  '/home': <HomePage />,
  '/copyrightedMusic': <StorePage />,
  '/copyrightedMusic/details': <WorkPage />,
  '/accountInfo': <AccountInfoPage />,
  '/buyPoints': <BuyPointsPage />,
  '/pointsRecords': <PointsRecordsPage />,
  '/musiciansZone': <ZoneHomePage />,
  '/musiciansZone/copyrightDeposit': <DepositPage />,
  '/musiciansZone/certificateDeposit': <CertificatesPage />,
  '/musiciansZone/certificateDeposit/certificateDetails': <CertificateDetailsPage />,
  '/musiciansZone/confirmedListing': <ListingPage />,
  '/musiciansZone/workShelf': <ShelfPage />,
  '/musiciansZone/musicianCertification': <CertificationPage />,
  '/review/certifications': <ReviewPage />,
  '/aiCreationCenter': <CreationCenterPage />,
  '/aiCreationCenter/smartMode': <SmartModePage />,
  '/aiCreationCenter/advancedMode': <AdvancedModePage />,
  '/aiCreationCenter/coverMode': <CoverModePage />,
  '/aiCreationCenter/chooseMusic': <ChooseMusicPage />,
  '/aiCreationCenter/createHistory': <CreateHistoryPage />,
  '/aiCreationCenter/separationMode': <SeparationModePage />,
  '/aiShare': <AiSharePage />,
  // Licences and earnings (licence branch).
  '/musiciansZone/earnings': <EarningsPage />,
  '/myLicences': <MyLicencesPage />,
  // Votes and notices (votes branch).
  '/vote/list': <VoteListPage />,
  '/vote/details': <VoteDetailsPage />,
  '/review/votes': <ReviewVotesPage />,
  '/musicPush': <MusicPushPage />,
  // Mobile branch.
  '/aboutUs': <AboutUsPage />,
  '/joinUs': <JoinUsPage />,
  // Copyright registration (registration branch).
  '/administrativeRegistration': <RegistrationFormPage />,
  '/copyrightRegistrationList': <RegistrationListPage />,
  '/copyrightOwnerManager': <OwnerManagerPage />,
  '/review/registrations': <RegistrationReviewPage />,
}

const MOBILE_PAGES: Partial<Record<string, ReactNode>> = {
  '/m/home': <MobileHomePage />,
  '/m/copyrightedMusic': <StorePage />,
  '/m/copyrightedMusic/details': <WorkPage />,
  '/m/mobilePlayer': <MobilePlayerPage />,
  '/m/GYmusicPlayer': <MobilePlayerPage />,
  '/m/aiShare': <AiSharePage />,
  // Votes and notices (votes branch).
  '/m/vote/list': <VoteListPage />,
  '/m/vote/details': <VoteDetailsPage />,
  '/m/noticeInfo': <NoticePage />,
  // Mobile branch.
  '/m/musicShare': <MobilePlayerPage share />,
  '/m/aboutUs': <AboutUsPage />,
  '/m/joinUs': <JoinUsPage />,
  '/m/download_gy': <DownloadPage />,
}

function pageFor(route: RouteEntry, pages: Partial<Record<string, ReactNode>>): RouteObject {
  const page = pages[route.path] ?? <PlaceholderPage title={route.title} />
  return {
    path: route.path,
    element: route.requiresLogin ? <RequireLogin key={route.path}>{page}</RequireLogin> : page,
  }
}

function staticPage(route: RouteEntry, prefix: string): RouteObject {
  return { path: prefix + route.path, element: <LegalPage path={route.path} title={route.title} /> }
}

function RootRedirect() {
  return <Navigate to={isMobileUserAgent(navigator.userAgent) ? '/m/home' : '/home'} replace />
}

export const APP_ROUTES: RouteObject[] = [
  {
    // The shells hold their own boundary around the page; this one catches what fails outside a
    // page (a dialog's chunk, the shell itself), so no failure leaves a white screen.
    element: (
      <ChunkErrorBoundary>
        <RuntimeProvider>
          {/* The shells load on demand: without a boundary of its own, a suspending shell would
              suspend the whole tree and a new runtime (empty toasts, machines) would replace this one. */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </RuntimeProvider>
      </ChunkErrorBoundary>
    ),
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <DesktopShell />,
        children: [
          ...DESKTOP_ROUTES.map((route) => pageFor(route, DESKTOP_PAGES)),
          ...STATIC_ROUTES.map((route) => staticPage(route, '')),
          // The spec's bare product route: it exists, with no page.
          { path: '/gy', element: null },
          { path: '/404', element: <NotFoundPage /> },
        ],
      },
      {
        element: <MobileShell />,
        children: [
          ...MOBILE_ROUTES.map((route) => pageFor(route, MOBILE_PAGES)),
          ...STATIC_ROUTES.map((route) => staticPage(route, '/m')),
          // A mistyped mobile address stays in the mobile shell instead of the desktop 404.
          { path: '/m/*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]
