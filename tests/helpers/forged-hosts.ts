/**
 * Host headers that name a foreign host (evil.example) in a form a loose parser takes for an allowed
 * one, or that are not a host[:port] at all. Every one must give the first
 * allowed host.
 */
export const FORGED_HOSTS = [
  'localhost:@evil.example',
  'localhost@evil.example',
  'abode.example:@evil.example',
  'abode.example:80@evil.example',
  'abode.example:8080:@evil.example',
  'ABODE.EXAMPLE:@EVIL.EXAMPLE',
  'abode.example:evil.example',
  'abode.example\\@evil.example',
  'abode.example#@evil.example',
  'abode.example?@evil.example',
  'abode.example/@evil.example',
  'abode.example%2f@evil.example',
  'abode.example%40evil.example',
  'abode.example;@evil.example',
  '[::1]@evil.example',
  '[::1]:@evil.example',
  'user:pass@evil.example',
  '@evil.example',
  ':@evil.example',
  'evil.example',
  'evil.example:80',
  'abode.example.evil.example',
  'evil.example#abode.example',
  'evil.example?abode.example',
  'abode.example:99999',
  'abode.example:-1',
  'abode.example: 80',
  '[evil.example]',
  '[::1',
] as const;
