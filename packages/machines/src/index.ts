export { PHONE_MAX_LENGTH, SMS_CODE_MAX_LENGTH, SMS_RESEND_SECONDS } from './limits'

export {
  smsCountdownMachine,
  selectSmsButtonPhase,
  selectSmsSecondsLeft,
  isSmsButtonBusy,
} from './smsCountdownMachine'
export type {
  SmsCountdownContext,
  SmsCountdownEvent,
  SmsCountdownSnapshot,
  SendCodeInput,
  SmsNotice,
  SmsNoticeParams,
  SmsErrorParams,
  SmsButtonPhase,
} from './smsCountdownMachine'

export {
  loginDialogMachine,
  createLoginDialogMachine,
  LOGIN_NOT_PROVIDED,
  keepDigits,
  selectIsLoginOpen,
  selectIsLoggingIn,
} from './loginDialogMachine'
export type {
  LoginDialogMachine,
  LoginDialogContext,
  LoginDialogEvent,
  LoginDialogSnapshot,
  LoginCredentials,
  LoginWarning,
  LoginWarningParams,
  LoggedInParams,
  LoginErrorParams,
} from './loginDialogMachine'

export {
  sessionExpiryMachine,
  sessionExpiryReason,
  selectSessionPrompt,
  SESSION_ERROR_CODES,
} from './sessionExpiryMachine'
export type {
  SessionExpiryContext,
  SessionExpiryEvent,
  SessionExpirySnapshot,
  SessionErrorCode,
  SessionWarningParams,
  SessionExpiryReason,
} from './sessionExpiryMachine'

export {
  playerMachine,
  normalizeTrack,
  isDirectAudioUrl,
  formatTime,
  parseLrc,
  currentLyricIndex,
  lyricFileName,
  selectPlaybackState,
  PLAYER_SEEK_STEP_SECONDS,
} from './playerMachine'
export type {
  PlayerMachine,
  PlayerSnapshot,
  PlayerActorRef,
  PlayerContext,
  PlayerEvent,
  PlayerMediaEvent,
  PlayerTrack,
  PlayableMusicItem,
  MallMusicItem,
  AiMusicItem,
  AudioCommand,
  MediaSessionParams,
  PlayerErrorParams,
  PlaybackState,
  RememberedQueue,
  ParsedLyric,
  TimedLyricLine,
  PlainLyricLine,
} from './playerMachine'

export {
  checkoutMachine,
  checkoutMachineStates,
  selectCheckoutState,
  selectRemainingSeconds,
} from './checkoutMachine'
export type {
  CheckoutContext,
  CheckoutEvent,
  CheckoutKind,
  CheckoutMachineState,
  CheckoutOrder,
  CheckoutOrderStatus,
  CheckoutPaidParams,
  CheckoutRequest,
  LicenceCheckoutChoice,
  CheckoutSnapshot,
  OpenCheckoutParams,
  QueryOrderInput,
} from './checkoutMachine'

export {
  registrationStatusMachine,
  REGISTRATION_STATUSES,
  REGISTRATION_EVENT_TYPES,
  isRegistrationStatus,
  isRegistrationEditable,
  nextRegistrationStatus,
  registrationEventsAt,
  registrationSnapshotAt,
} from './registrationStatusMachine'
export type {
  RegistrationStatus,
  RegistrationEventType,
  RegistrationStatusEvent,
  RegistrationStatusSnapshot,
} from './registrationStatusMachine'

export { machineGraph, activeStateIds, userEventTypes } from './chart/machineGraph'
export type {
  MachineGraph,
  ChartState,
  ChartStateType,
  ChartTransition,
  ChartTransitionKind,
} from './chart/machineGraph'
