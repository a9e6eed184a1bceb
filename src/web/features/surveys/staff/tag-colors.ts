/** Solid tag colours with white text: antd's pale preset tags fall short of WCAG AA contrast. */
export const TAG_COLORS = {
  positive: '#1e6b3a',
  brand: '#1d4e89',
} as const;
