// The visits room's public door: what other web features may use (README, "What is where"); staff/index.ts is its staff door.
export { VisitBooking } from './visit-booking';
