import { AUTH_ROUTES } from '#shared/auth/auth.api';
import type { LoginInput } from '#shared/auth/auth.contract';
import { api } from '#web/lib/api-client';

export const login = (input: LoginInput) => api.call(AUTH_ROUTES.login, { body: input });

export const logout = () => api.call(AUTH_ROUTES.logout);
