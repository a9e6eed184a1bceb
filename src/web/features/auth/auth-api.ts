import { AUTH_API } from '#shared/auth/auth.api';
import type { LoginInput, StaffCreateInput, StaffMember, StaffUpdateInput } from '#shared/auth/auth.contract';
import { api } from '#web/lib/api-client';

export function login(input: LoginInput): Promise<{ token: string; message: string }> {
  return api.post<{ token: string; message: string }>(AUTH_API.login, input);
}

export function logout(): Promise<{ message: string }> {
  return api.post<{ message: string }>(AUTH_API.logout);
}

export const forgotPassword = (email: string) => api.post<{ message: string }>(AUTH_API.forgot, { email });
export const resetPassword = (token: string, password: string) => api.post<{ message: string }>(AUTH_API.reset, { token, password });
export const changePassword = (current: string, next: string) => api.post<{ message: string; token: string }>(AUTH_API.mePassword, { current, next });
export const changeEmail = (email: string, current: string) => api.patch<{ message: string; token: string }>(AUTH_API.me, { email, current });
export const listStaff = () => api.get<StaffMember[]>(AUTH_API.staff);
export const addStaff = (input: StaffCreateInput) => api.post<{ member: StaffMember; password?: string; message: string }>(AUTH_API.staff, input);
export const updateStaff = (id: string, change: StaffUpdateInput) => api.patch<StaffMember>(AUTH_API.staffOne.path(id), change);
export const sendStaffReset = (id: string) => api.post<{ message: string }>(AUTH_API.staffReset.path(id));
