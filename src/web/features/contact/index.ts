// The contact room's door: what other web features may use (README, "What is where").
export { ListingEnquiry, listingContactLinks, type EnquiryListing } from './listing-enquiry';
