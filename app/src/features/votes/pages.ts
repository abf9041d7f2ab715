// The vote and notice pages, loaded together on demand: one chunk for the feature.
export { MusicPushPage } from './MusicPushPage'
export { NoticePage } from './NoticePage'
export { ReviewVotesPage } from './ReviewVotesPage'
export { VoteDetailsPage } from './VoteDetailsPage'
export { VoteListPage } from './VoteListPage'
