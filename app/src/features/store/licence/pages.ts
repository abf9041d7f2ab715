// The licence pages, loaded on demand by the route table (one chunk for both).
export { EarningsPage } from './EarningsPage'
export { MyLicencesPage } from './MyLicencesPage'
