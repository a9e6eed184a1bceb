import { AUTH_ROUTES } from '#shared/auth/auth.api';
import type { LoginInput, StaffCreateInput, StaffUpdateInput } from '#shared/auth/auth.contract';
import { api } from '#web/lib/api-client';

export const login = (input: LoginInput) => api.call(AUTH_ROUTES.login, { body: input });

export const logout = () => api.call(AUTH_ROUTES.logout);

export const forgotPassword = (email: string) => api.call(AUTH_ROUTES.forgot, { body: { email } });
export const resetPassword = (token: string, password: string) => api.call(AUTH_ROUTES.reset, { body: { token, password } });
export const changePassword = (current: string, next: string) => api.call(AUTH_ROUTES.changePassword, { body: { current, next } });
export const changeEmail = (email: string, current: string) => api.call(AUTH_ROUTES.changeEmail, { body: { email, current } });
export const listStaff = () => api.call(AUTH_ROUTES.staff);
export const addStaff = (input: StaffCreateInput) => api.call(AUTH_ROUTES.addStaff, { body: input });
export const updateStaff = (id: string, change: StaffUpdateInput) => api.call(AUTH_ROUTES.updateStaff, { params: [id], body: change });
export const sendStaffReset = (id: string) => api.call(AUTH_ROUTES.staffReset, { params: [id] });
