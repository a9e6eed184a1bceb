import { AUTH_API } from '#shared/auth/auth.api';
import type { LoginInput } from '#shared/auth/auth.contract';
import { api } from '#web/lib/api-client';

export function login(input: LoginInput): Promise<{ token: string; message: string }> {
  return api.post<{ token: string; message: string }>(AUTH_API.login, input);
}

export function logout(): Promise<{ message: string }> {
  return api.post<{ message: string }>(AUTH_API.logout);
}
