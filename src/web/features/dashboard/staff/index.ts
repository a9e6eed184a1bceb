// The dashboard room's staff door: what other web features may use (README, "What is where").
export { TodayPanel } from './today-panel';
export { StaffCard, StaffPageTitle, StaffTag } from '../light-antd';
export { useStaffApp } from '../staff-app';
