export * from './constants'
export * from './messages'
export * from './envelope'
export * from './sign'
export * from './errors'
export * from './storage'
export * from './images'
export * from './client'
export * from './services/userServer'
export * from './services/musicServer'
export type {
  LoginBody,
  LoginData,
  SendSmsQuery,
  UpdateUserDetailsBody,
  UserInfo,
} from './contract'
