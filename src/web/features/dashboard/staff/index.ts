// The dashboard room's staff door: what other web features may use (README, "What is where").
export { TodayPanel } from './today-panel';
