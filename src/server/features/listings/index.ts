/** Listings' public face: the kinds of listing and a page of them (matching reads these), one listing's name (contact enquiries). */
export { listingKinds } from './listing-kinds';
export { findListingSummary, getItem, listingPrices, listItems, type ListingSummary } from './listings.service';
export { deleteDemoListing, findDemoListings, type DemoListing } from './listings.seed';
