import { z } from 'zod';
import { safeText } from '../text-schema';
import { ACCOUNT_EMAIL_PATTERN } from './account-email';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The login form and POST /api/login share this schema and its messages (SPEC.md §5). */
export const loginSchema = z.object({
  email: safeText({ message: 'Please input your username!' }).trim().min(1, 'Please input your username!').max(254, 'The username is too long.'),
  password: safeText({ message: 'Please input your password!' }).min(1, 'Please input your password!').max(PASSWORD_MAX, 'The password is too long.'),
});
export type LoginInput = z.infer<typeof loginSchema>;

// Token claims live in a module without zod, so the browser's entry chunk can read them cheaply.
export { decodeTokenClaims, isTokenExpired, type TokenClaims } from './token-claims';

/** POST /api/login answers the token and a message. */
export const loginAnswerSchema = z.object({ token: z.string(), message: z.string() });

export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const passwordField = (label: string) =>
  safeText({ message: `Please enter ${label}.` })
    .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters long.`)
    .max(PASSWORD_MAX, 'The password is too long.');
const emailField = safeText({ message: 'Please enter an e-mail address.' })
  .trim()
  .min(1, 'Please enter an e-mail address.')
  .max(254, 'The e-mail address is too long.')
  // Every address an account can have (admin@localhost too): the forms must take each one.
  .regex(ACCOUNT_EMAIL_PATTERN, 'Please enter a valid e-mail address.');
const nameField = safeText({ message: 'Please enter a name.' }).trim().min(1, 'Please enter a name.').max(100, 'The name is too long.');
const roleField = z.enum(STAFF_ROLES, { message: 'Choose owner or staff.' });

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleField,
  active: z.boolean(),
  /** Given new leads (round-robin and rules). */
  takesLeads: z.boolean(),
  /** Away for now: passed over for new leads. */
  away: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);
/** POST /api/staff answers the new account, a generated password when asked for, and a message. */
export const staffCreatedSchema = z.object({ member: staffMemberSchema, password: z.string().optional(), message: z.string() });

export const staffCreateSchema = z.object({
  name: nameField,
  email: emailField,
  role: roleField,
  /** `generate`: answer a generated password once instead of e-mailing a link. */
  password: z.literal('generate').optional(),
});
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

export const staffUpdateSchema = z
  .object({
    name: nameField.optional(),
    role: roleField.optional(),
    active: z.boolean().optional(),
    takesLeads: z.boolean({ message: 'Takes leads is true or false.' }).optional(),
    away: z.boolean({ message: 'Away is true or false.' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change.');
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;

export const assigneeSchema = z.object({ id: z.string(), name: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;
export const assigneeListSchema = z.array(assigneeSchema);

/** A change of one's own e-mail or password answers a fresh token and a message. */
export const tokenMessageSchema = z.object({ message: z.string(), token: z.string() });

export const changePasswordSchema = z.object({
  current: safeText({ message: 'Please enter your current password.' })
    .min(1, 'Please enter your current password.')
    .max(PASSWORD_MAX, 'The password is too long.'),
  next: passwordField('a new password'),
});
export const changeEmailSchema = z.object({
  email: emailField,
  current: safeText({ message: 'Please enter your current password.' })
    .min(1, 'Please enter your current password.')
    .max(PASSWORD_MAX, 'The password is too long.'),
});
export const forgotPasswordSchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({
  token: z.string().min(1, 'This link is not valid.').max(200, 'This link is not valid.'),
  password: passwordField('a new password'),
});

export const STAFF_MESSAGES = {
  lastOwner: 'This is the last active owner: make someone else an owner first.',
  emailTaken: 'Someone already has an account with this e-mail address.',
  forgot: 'If an account uses this address, we have sent it a link to set a new password. The link works once, for 24 hours.',
  linkInvalid: 'This link is not valid or has expired. Ask for a new one.',
  passwordSet: 'Your password is set. You can log in now.',
  wrongPassword: 'Your current password is not correct.',
  ownersOnly: 'Only an owner of the studio can do this.',
} as const;
