// The exchange area's four tabs and an offer's own page; the routes load this module lazily.
export { CatalogPage } from './CatalogPage';
export { IncomingPage, OfferPage, OutgoingPage } from './OffersPage';
export { SwapsPage } from './SwapsPage';
