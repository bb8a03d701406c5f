// The exchange area's four tabs; the routes load this module lazily.
export { CatalogPage } from './CatalogPage';
export { IncomingPage, OutgoingPage } from './OffersPage';
export { SwapsPage } from './SwapsPage';
