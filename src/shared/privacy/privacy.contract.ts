/** Issue 24 §6: a person's rights. */
export const PRIVACY_API = {
  erase: { pattern: '/api/leads/:id', path: (id: string) => `/api/leads/${encodeURIComponent(id)}` },
  export: { pattern: '/api/leads/:id/export', path: (id: string) => `/api/leads/${encodeURIComponent(id)}/export` },
} as const;

export const PRIVACY_MESSAGES = {
  erased: 'The person and everything held about them have been erased.',
  leadNotFound: 'This lead does not exist.',
} as const;
