import { Icon, type IconProps } from './icons';

// Icons of single pages (about, login), kept out of the public pages' shared chunk ('site' in
// vite.config.ts) so the home page does not download them.

export const ArrowRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);
export const HomeSearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 11 12 4l9 7" />
    <path d="M5 10v9h6" />
    <circle cx="16.5" cy="16.5" r="3" />
    <path d="m18.8 18.8 2.2 2.2" />
  </Icon>
);
export const BuildIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 21h18" />
    <path d="M5 21V9l7-5 7 5v12" />
    <path d="M9 21v-6h6v6" />
    <path d="M9 10h.01M15 10h.01" />
  </Icon>
);
export const LedgerIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="3" width="16" height="18" rx="2" />
    <path d="M8 8h8M8 12h8M8 16h4" />
    <path d="m14.5 16 1.5 1.5 3-3" />
  </Icon>
);
export const PiggyBankIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 11a7 6 0 0 1 12.5-3.5L20 7l-.7 3.2A6 6 0 0 1 20 12h1v3h-2a7 7 0 0 1-2.5 2.5V20h-3v-1.6a8 8 0 0 1-3 0V20h-3v-2.6A6 6 0 0 1 5 11z" />
    <path d="M10 7.5h3" />
  </Icon>
);
export const QuoteIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
    <path d="M9 13h6M9 17h4" />
  </Icon>
);
export const EyeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
export const EyeOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 3l18 18" />
    <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6A17.3 17.3 0 0 0 2 12s3.6 7 10 7a10.4 10.4 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Icon>
);
