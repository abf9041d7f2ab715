// Copyright registration's pages, loaded together on demand: one chunk for the feature.
export { OwnerManagerPage } from './OwnerManagerPage'
export { RegistrationFormPage } from './RegistrationFormPage'
export { RegistrationListPage } from './RegistrationListPage'
export { RegistrationReviewPage } from './RegistrationReviewPage'
