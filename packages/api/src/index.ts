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
