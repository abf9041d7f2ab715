/** The store's pages, loaded on demand together (store branch). */
export { StorePage } from './StorePage'
export { WorkPage } from './WorkPage'
