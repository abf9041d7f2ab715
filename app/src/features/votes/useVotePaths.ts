import { useLocation } from 'react-router'

/** The vote pages serve both shells: on /m/... links stay in the mobile shell. */
export function useVotePaths(): { list: string; details: (activityId: string) => string } {
  const prefix = useLocation().pathname.startsWith('/m/') ? '/m' : ''
  return {
    list: `${prefix}/vote/list`,
    details: (activityId) => `${prefix}/vote/details?id=${encodeURIComponent(activityId)}`,
  }
}
