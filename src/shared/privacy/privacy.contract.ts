/** A person's rights. */

export const PRIVACY_MESSAGES = {
  erased: 'The person and everything held about them have been erased.',
  leadNotFound: 'This lead does not exist.',
} as const;
