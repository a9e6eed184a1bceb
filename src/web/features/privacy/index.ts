// The privacy room's public door: what other web features may use (README, "What is where"); staff/index.ts is its staff door.
export { PrivacyRequestForm } from './privacy-request-form';
