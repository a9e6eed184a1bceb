/**
 * The form of a staff account's e-mail address, in plain TypeScript (the configuration and the
 * command line check with it too): every address an account can be created with, the first owner's
 * `admin@localhost` included (a domain without a dot names a host on the studio's own network).
 * It takes every address zod's e-mail rule takes. Visitors' addresses keep the specification's
 * stricter rule (`#shared/email`).
 */
export const ACCOUNT_EMAIL_PATTERN = /^[^\s@"(),:;<>[\]\\]{1,64}@[A-Za-z0-9][A-Za-z0-9-]*(\.[A-Za-z0-9][A-Za-z0-9-]*)*$/;

export const isAccountEmail = (email: string): boolean => email.length <= 254 && ACCOUNT_EMAIL_PATTERN.test(email);
