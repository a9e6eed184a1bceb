// fontverter ships no types: the one call the font test makes.
declare module 'fontverter' {
  const fontverter: { convert(font: Uint8Array, to: 'sfnt' | 'woff' | 'woff2'): Promise<Uint8Array> };
  export default fontverter;
}
