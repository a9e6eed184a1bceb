// The listings room's door: what other web features may use (README, "What is where").
export { fetchListings } from './listings-api';
export { useListingFormat } from './use-listing-format';
