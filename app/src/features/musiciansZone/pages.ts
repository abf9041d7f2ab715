// The zone's pages, loaded together on demand: one chunk for the whole musicians' zone.
export { CertificateDetailsPage } from './CertificateDetailsPage'
export { CertificatesPage } from './CertificatesPage'
export { CertificationPage } from './CertificationPage'
export { DepositPage } from './DepositPage'
export { ListingPage } from './ListingPage'
export { ReviewPage } from './ReviewPage'
export { ShelfPage } from './ShelfPage'
export { ZoneHomePage } from './ZoneHomePage'
