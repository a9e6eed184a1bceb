import { z } from 'zod';
import { safeText } from '../text-schema';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The login form and POST /api/login share this schema and its messages (SPEC.md §5). */
export const loginSchema = z.object({
  email: safeText({ message: 'Please input your username!' }).trim().min(1, 'Please input your username!').max(254, 'The username is too long.'),
  password: safeText({ message: 'Please input your password!' }).min(1, 'Please input your password!').max(PASSWORD_MAX, 'The password is too long.'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export { AUTH_API } from './auth.api';

// Token claims live in a module without zod, so the browser's entry chunk can read them cheaply.
export { decodeTokenClaims, isTokenExpired, type TokenClaims } from './token-claims';

/** POST /api/login answers the token and a message. */
export const loginAnswerSchema = z.object({ token: z.string(), message: z.string() });

/** One staff member as the staff list shows them: never password data. */
export const staffMemberSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);
