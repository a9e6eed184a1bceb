/** Listings' public face: the kinds of listing and a page of them (matching reads these). */
export { listingKinds } from './listing-kinds';
export { getItem, listItems } from './listings.service';
