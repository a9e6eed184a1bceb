/**
 * A project's RERA registration: which state authority issued a number, told by the
 * number's format, and that authority's website, where a visitor can look the project up. Every
 * advertised project must show it (Real Estate (Regulation and Development) Act, 2016, s. 11).
 */
export interface ReraAuthority {
  /** The authority as it calls itself ("MahaRERA"). */
  name: string;
  /** The state or union territory; null when the number's format is not one we know. */
  state: string | null;
  /** The authority's website (the national list of authorities for an unknown format). */
  url: string;
}

/** The national list of state authorities, for a number whose format is not one below. */
export const RERA_NATIONAL: ReraAuthority = { name: 'RERA', state: null, url: 'https://rera.mohua.gov.in' };

/**
 * Each state's number format (as its authority prints it on registration certificates), most
 * specific first. Numbers are kept in capitals (listings.contract.ts).
 */
const AUTHORITIES: ReadonlyArray<{ pattern: RegExp } & ReraAuthority> = [
  // P52100012345: P, then the district code (51…53 are Maharashtra's) and a serial.
  { pattern: /^P5\d{10}$/, name: 'MahaRERA', state: 'Maharashtra', url: 'https://maharera.maharashtra.gov.in' },
  // P02400001234: Telangana's numbers start P0 (the same shape as Maharashtra's, another district range).
  { pattern: /^P0\d{10}$/, name: 'TG RERA', state: 'Telangana', url: 'https://rera.telangana.gov.in' },
  // PRM/KA/RERA/1251/446/PR/171031/000743
  { pattern: /^PRM\/KA\/RERA\//, name: 'Karnataka RERA', state: 'Karnataka', url: 'https://rera.karnataka.gov.in' },
  // PR/GJ/AHMEDABAD/…/RAA07504/A1R/201020
  { pattern: /^PR\/GJ\//, name: 'GujRERA', state: 'Gujarat', url: 'https://gujrera.gujarat.gov.in' },
  // TN/29/Building/0123/2021, TN/01/Layout/0045/2019
  { pattern: /^TN\/\d+\//, name: 'TNRERA', state: 'Tamil Nadu', url: 'https://rera.tn.gov.in' },
  // UPRERAPRJ12345
  { pattern: /^UPRERA(PRJ|AGT)\d+$/, name: 'UP RERA', state: 'Uttar Pradesh', url: 'https://www.up-rera.in' },
  // RC/REP/HARERA/GGM/123/2019, HRERA-PKL-123-2019
  { pattern: /(^|[/-])H(A)?RERA([/-]|$)/, name: 'HARERA', state: 'Haryana', url: 'https://haryanarera.gov.in' },
  // K-RERA/PRJ/ERN/123/2021
  { pattern: /^K-RERA\//, name: 'K-RERA', state: 'Kerala', url: 'https://rera.kerala.gov.in' },
  // WBRERA/P/KOL/2023/000123
  { pattern: /^WBRERA\//, name: 'WBRERA', state: 'West Bengal', url: 'https://rera.wb.gov.in' },
  // RAJ/P/2019/1234
  { pattern: /^RAJ\/P\//, name: 'RERA Rajasthan', state: 'Rajasthan', url: 'https://rera.rajasthan.gov.in' },
  // DLRERA2019P0012
  { pattern: /^DLRERA\d{4}P\d+$/, name: 'Delhi RERA', state: 'Delhi', url: 'https://rera.delhi.gov.in' },
  // PBRERA-SAS80-PR0123
  { pattern: /^PBRERA-/, name: 'Punjab RERA', state: 'Punjab', url: 'https://rera.punjab.gov.in' },
  // P-BPL-19-1234 (district code: Bhopal, Indore, …)
  { pattern: /^P-[A-Z]{3}-\d{2}-\d+$/, name: 'MP RERA', state: 'Madhya Pradesh', url: 'https://www.rera.mp.gov.in' },
  // PRGO01201234
  { pattern: /^PRGO\d+$/, name: 'Goa RERA', state: 'Goa', url: 'https://rera.goa.gov.in' },
];

/** The authority that issued `rera` (as stored: trimmed, capitals), or the national list when its format is unknown. */
export function reraAuthority(rera: string): ReraAuthority {
  const number = rera.trim().toUpperCase();
  const found = AUTHORITIES.find((authority) => authority.pattern.test(number));
  if (!found) return RERA_NATIONAL;
  const { name, state, url } = found;
  return { name, state, url };
}

/**
 * What a project's RERA QR code holds: the number and where to check it. Scanned with a phone's
 * camera it shows both and offers to open the authority's website.
 */
export function reraQrText(rera: string): string {
  const authority = reraAuthority(rera);
  return `${authority.name} registration ${rera}\n${authority.url}`;
}
