import type { ApiClient } from '../client'
import type { UpdateUserDetailsBody, UserInfo } from '../contract'

export function userDetails(api: ApiClient): Promise<UserInfo> {
  return api.request<UserInfo>({ service: 'music-server', path: 'user/userDetails' })
}

export function updateUserDetails(api: ApiClient, body: UpdateUserDetailsBody): Promise<UserInfo> {
  return api.request<UserInfo>({ service: 'music-server', path: 'user/updateUserDetails', body })
}
