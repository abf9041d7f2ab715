// The public face of @gy/design-system: every export others may use, and nothing else.

// Base document styles (box-sizing, body font and colours) come with the package.
import './themes/global.css'

// Theme
export { vars, type ThemeTokens } from './themes/vars.css'
export {
  lightTheme,
  darkTheme,
  themeNames,
  themeClassNames,
  type ThemeName,
} from './themes/themes.css'
export { lightTokens } from './themes/light'
export { darkTokens } from './themes/dark'
export { cjkFontStack } from './themes/base'
export { breakpoints, mediaQueries } from './themes/breakpoints'
export { sprinkles, type Sprinkles } from './css/sprinkles.css'

// Text, filters and shared types
export {
  strings,
  recordsTableStrings,
  type Strings,
  type PlayerBarLabels,
  type LyricDialogLabels,
} from './strings'
export {
  applyFilter,
  digitsOnly,
  inputFilterNames,
  inputFilters,
  mainlandPhoneInput,
  moneyInput,
  signedMoneyInput,
  stripSymbols,
  twoDecimals,
  type InputFilter,
  type InputFilterName,
} from './filters'
export type { LinkItem, RenderLink } from './links'

// Components
export {
  Button,
  buttonSizes,
  buttonVariants,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './components/Button/Button'
export {
  TextField,
  textFieldSizes,
  type TextFieldProps,
  type TextFieldSize,
} from './components/TextField/TextField'
export * as Dialog from './components/Dialog/Dialog'
// Mobile shell (mobile branch).
export * as BottomSheet from './components/BottomSheet/BottomSheet'
export { OpenAppBar, type OpenAppBarProps } from './components/OpenAppBar/OpenAppBar'
export {
  BrowserTipOverlay,
  browserTipKinds,
  type BrowserTipKind,
  type BrowserTipOverlayProps,
} from './components/BrowserTipOverlay/BrowserTipOverlay'
export {
  MobilePlayer,
  type MobilePlayerLabels,
  type MobilePlayerProps,
} from './components/MobilePlayer/MobilePlayer'
export {
  activeLyricIndex,
  lyricTimeline,
  type TimedLyricLine,
} from './components/MobilePlayer/lyricTimeline'
export { dialogSizes, type DialogSize } from './components/Dialog/Dialog'
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog/ConfirmDialog'
export {
  ToastList,
  toastKinds,
  TOAST_DURATION_MS,
  type ToastId,
  type ToastItem,
  type ToastKind,
  type ToastListProps,
} from './components/Toast/Toast'
export {
  Avatar,
  avatarInitial,
  avatarSizes,
  type AvatarProps,
  type AvatarSize,
} from './components/Avatar/Avatar'
export * as DropdownMenu from './components/DropdownMenu/DropdownMenu'
export { LoadingMask, type LoadingMaskProps } from './components/LoadingMask/LoadingMask'
export {
  Spinner,
  spinnerSizes,
  spinnerTones,
  type SpinnerProps,
  type SpinnerSize,
  type SpinnerTone,
} from './components/Spinner/Spinner'

// Views
export {
  AppHeader,
  type AppHeaderMenuItem,
  type AppHeaderProps,
  type AppHeaderUser,
} from './components/AppHeader/AppHeader'
export {
  AppFooter,
  type AppFooterProps,
  type FooterLinkGroup,
} from './components/AppFooter/AppFooter'
export {
  LoginDialog,
  loginPresentations,
  type LoginPresentation,
  LOGIN_PHONE_MAX_LENGTH,
  LOGIN_SMS_CODE_MAX_LENGTH,
  type LoginDialogProps,
} from './components/LoginDialog/LoginDialog'
export { HeroBanner, type HeroBannerProps } from './components/HeroBanner/HeroBanner'
export { WorkCard, fallbackArtwork, type WorkCardProps } from './components/WorkCard/WorkCard'
export {
  SectionHeader,
  sectionHeadingLevels,
  type SectionHeaderProps,
  type SectionHeadingLevel,
} from './components/SectionHeader/SectionHeader'
export { WorkGrid, type WorkGridProps } from './components/WorkGrid/WorkGrid'
export { EmptyState, type EmptyStateProps } from './components/EmptyState/EmptyState'
export {
  PageContainer,
  pageContainerWidths,
  type PageContainerProps,
  type PageContainerWidth,
} from './components/PageContainer/PageContainer'
export {
  PlaceholderPage,
  type PlaceholderPageProps,
} from './components/PlaceholderPage/PlaceholderPage'

// Points views
export { BalanceCard, type BalanceCardProps } from './components/BalanceCard/BalanceCard'
export {
  PackagePicker,
  CUSTOM_PACKAGE_VALUE,
  type PackagePickerProps,
  type PointsPackage,
} from './components/PackagePicker/PackagePicker'
export {
  checkCustomAmount,
  customAmountFilter,
  customAmountStatuses,
  parseYuanToFen,
  pointsForFen,
  type CustomAmountStatus,
} from './components/PackagePicker/amount'
export {
  CheckoutProgress,
  checkoutStates,
  checkoutSteps,
  checkoutStepStates,
  type CheckoutProgressProps,
  type CheckoutState,
  type CheckoutStep,
  type CheckoutStepState,
} from './components/CheckoutProgress/CheckoutProgress'
export {
  QrCheckout,
  qrCheckoutStates,
  formatCountdown,
  type QrCheckoutProps,
  type QrCheckoutState,
} from './components/QrCheckout/QrCheckout'
export { QrCode, type QrCodeProps } from './components/QrCheckout/QrCode'
export {
  RecordsTable,
  pointsRecordKinds,
  type PointsRecord,
  type PointsRecordKind,
  type RecordsTableProps,
} from './components/RecordsTable/RecordsTable'
export {
  Pagination,
  paginationItems,
  pageCountFor,
  PAGE_GAP,
  type PaginationItem,
  type PaginationProps,
} from './components/Pagination/Pagination'
export {
  SegmentedControl,
  type SegmentedControlOption,
  type SegmentedControlProps,
} from './components/SegmentedControl/SegmentedControl'
export {
  formatFen,
  formatPoints,
  formatSignedPoints,
  formatYuanAmount,
} from './components/private/pointsFormat'
export {
  formatChinaDate,
  formatChinaDateTime,
  formatShanghaiDateTime,
  groupDigits,
} from './chinaFormat'

// Player views
export { TimeText, type TimeTextProps } from './components/TimeText/TimeText'
export {
  ProgressSlider,
  progressSliderTones,
  type ProgressSliderProps,
  type ProgressSliderTone,
} from './components/ProgressSlider/ProgressSlider'
export { VolumeControl, type VolumeControlProps } from './components/VolumeControl/VolumeControl'
export {
  PlayerBar,
  playerBarStates,
  type PlayerBarProps,
  type PlayerBarState,
} from './components/PlayerBar/PlayerBar'
export { playerBarHeights } from './components/PlayerBar/PlayerBar.css'
export { Icon, type IconProps } from './components/private/icons'
export { PlayerBarHandle, type PlayerBarHandleProps } from './components/PlayerBar/PlayerBarHandle'
export {
  LyricDialog,
  type LyricDialogProps,
  type LyricLine,
} from './components/LyricDialog/LyricDialog'

// The musicians' zone (deposits, certificates, listings, certification).
export {
  StatusBadge,
  statusBadgeTones,
  type StatusBadgeProps,
  type StatusBadgeTone,
} from './components/StatusBadge/StatusBadge'
export { Stepper, type StepperProps } from './components/Stepper/Stepper'
export {
  FileDropZone,
  fileDropZoneStates,
  type FileDropZoneProps,
  type FileDropZoneState,
} from './components/FileDropZone/FileDropZone'
export { ProofView, type ProofViewProps } from './components/ProofView/ProofView'
export {
  CertificateCard,
  type CertificateCardProps,
} from './components/CertificateCard/CertificateCard'
export { musiciansZoneStrings } from './strings.zone'

// The AI creation zone (song generation, AI cover, vocal separation).
export {
  AiLabel,
  AI_LABEL_SIZES,
  type AiLabelProps,
  type AiLabelSize,
} from './components/AiLabel/AiLabel'
export {
  JobProgress,
  JOB_STATES,
  jobPercent,
  type JobProgressProps,
  type JobState,
} from './components/JobProgress/JobProgress'
export { AI_STRINGS, type AiStrings } from './strings.ai'
export { JobCard, type JobCardProps, type JobCardResult } from './components/JobCard/JobCard'
export { AiExampleCard, type AiExampleCardProps } from './components/AiExampleCard/AiExampleCard'
export { formatDuration } from './components/JobCard/formatDuration'
export {
  TagPicker,
  type TagPickerOption,
  type TagPickerProps,
} from './components/TagPicker/TagPicker'
export { LyricEditor, type LyricEditorProps } from './components/LyricEditor/LyricEditor'
export {
  insertSectionTag,
  lyricSections,
  LYRIC_SECTION_TAGS,
  type LyricSection,
  type LyricSectionTag,
} from './components/LyricEditor/lyricSections'
export {
  SingerPicker,
  type SingerOption,
  type SingerPickerProps,
} from './components/SingerPicker/SingerPicker'
export {
  StemPlayer,
  type StemPlayerProps,
  type StemTrack,
} from './components/StemPlayer/StemPlayer'
export {
  SharedWorkView,
  type SharedWorkViewProps,
} from './components/SharedWorkView/SharedWorkView'
export { lyricLinesFromLrc } from './components/SharedWorkView/lyricLines'
// The store (store branch).
export {
  BannerCarousel,
  type Banner,
  type BannerCarouselProps,
} from './components/BannerCarousel/BannerCarousel'
export {
  CategoryChips,
  type CategoryChip,
  type CategoryChipsProps,
} from './components/CategoryChips/CategoryChips'
export { SortMenu, type SortMenuProps, type SortOption } from './components/SortMenu/SortMenu'
export {
  formatPlayCount,
  TrackList,
  type TrackListItem,
  type TrackListProps,
} from './components/TrackList/TrackList'
export { trackListStrings, type TrackListLabels } from './strings'

// Copyright registration (registration branch).
export {
  ShareEditor,
  evenShares,
  type ShareEditorProps,
  type ShareEditorRow,
} from './components/ShareEditor/ShareEditor'
export {
  OwnerPicker,
  type OwnerPickerOption,
  type OwnerPickerProps,
} from './components/OwnerPicker/OwnerPicker'
export {
  StatusTimeline,
  statusTimelineTones,
  type StatusTimelineEntry,
  type StatusTimelineProps,
  type StatusTimelineTone,
} from './components/StatusTimeline/StatusTimeline'
