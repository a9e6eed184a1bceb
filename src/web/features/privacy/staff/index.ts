// The privacy room's staff door, apart from the public one (index.ts) so antd stays out of the public pages.
export { LeadPrivacyCard } from './lead-privacy-card';
