export * from './constants'
export * from './messages'
export * from './envelope'
export * from './signing'
export * from './sign'
export * from './errors'
export * from './storage'
export * from './images'
export * from './idNumber'
export * from './client'
export * from './services/userServer'
export * from './services/musicServer'
export * from './services/works'
export * from './services/points'
export * from './services/musiciansZone'
// Licences and earnings (licence branch).
export * from './services/licences'
export type {
  BuyLicenceBody,
  EarningRecord,
  EarningTotals,
  EarningsPage,
  LicenceDownload,
  LicenceOption,
  LicenceOptions,
  LicenceOrderCreated,
  LicenceOrderStatus,
  LicencePage,
  LicenceRecord,
  LicenceType,
} from './licences'
// Votes and notices (votes branch).
export * from './services/votes'
export type {
  AccountVoteDetail,
  CreateVoteActivityBody,
  NewVoteOption,
  Notice,
  VoteActivityDetail,
  VoteActivityPage,
  VoteActivitySummary,
  VoteCast,
  VoteOption,
  VoteStatus,
  VoteTotals,
} from './votes'
export type {
  ChargeOrderCreated,
  ChargeOrderState,
  ChargeOrderStatus,
  ChargeRequest,
  PointsBalance,
  PointsLedgerKind,
  PointsLogBody,
  PointsLogPage,
  PointsPackage,
  PointsRate,
  PointsRecord,
  QueryChargeOrderBody,
} from './contract'
export type { AppSettings, CancelAccountBody } from './contract'
export type {
  LoginBody,
  LoginData,
  SendSmsQuery,
  UpdateUserDetailsBody,
  UserInfo,
} from './contract'
export type { MusicByIdBody, WorkDetailsBody, WorkItem, WorkPage, WorksPageBody } from './contract'
export type {
  CertificationApplication,
  CertificationApplicationPage,
  CertificationBody,
  CertificationState,
  CertificationStatus,
  Checkpoint,
  Deposit,
  DepositBody,
  DepositPage,
  DepositRecord,
  ShelfItem,
  ShelfPage,
  UploadedFile,
  UploadPurpose,
  VerifyResult,
} from './contract'
export type {
  AiCreationKind,
  AiCreationRecord,
  AiJob,
  AiJobKind,
  AiJobPage,
  AiJobResult,
  AiJobState,
  AiResultRole,
  ConvertVoiceBody,
  CoverOriginal,
  CreationBody,
  OriginalItem,
  OriginalPage,
  SeparateVoiceBody,
  ShareCreated,
  SharedWork,
  ShareExamples,
  SharePage,
  SingerItem,
  SingerList,
  UpvoteResult,
} from './contract'
// The store (store branch).
export * from './services/store'
export type {
  MusicGoodsListBody,
  PlatformFigures,
  StoreBanner,
  StoreCategory,
  WorkDetails,
  WorkPlayBody,
  WorkPlayResult,
} from './contract'
