/**
 * Flat illustrations for the demo listings, drawn as SVG (300×300) and rasterised by sharp at seed
 * time: no downloads, no text (fonts differ between machines).
 */

const svg = (body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 300 300"><defs>${defs}</defs>${body}</svg>`;

const skyGradient = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

function tree(x: number, ground: number, scale = 1, leaf = '#2f7d4f') {
  const h = 46 * scale;
  return `<rect x="${x - 3 * scale}" y="${ground - h * 0.45}" width="${6 * scale}" height="${h * 0.45}" fill="#6b4a2b"/>
    <circle cx="${x}" cy="${ground - h * 0.62}" r="${18 * scale}" fill="${leaf}"/>
    <circle cx="${x - 10 * scale}" cy="${ground - h * 0.5}" r="${12 * scale}" fill="${leaf}" opacity="0.9"/>
    <circle cx="${x + 11 * scale}" cy="${ground - h * 0.52}" r="${13 * scale}" fill="${leaf}" opacity="0.85"/>`;
}

function palm(x: number, ground: number) {
  const top = ground - 90;
  const leaves = [-70, -35, 0, 35, 70, 110, -110]
    .map((a) => `<ellipse cx="${x}" cy="${top}" rx="30" ry="6" fill="#2e8b57" transform="rotate(${a} ${x} ${top}) translate(24 0)"/>`)
    .join('');
  return `<path d="M${x - 3} ${ground} Q ${x + 8} ${ground - 45} ${x} ${top}" stroke="#7a5a36" stroke-width="6" fill="none"/>${leaves}`;
}

export interface ApartmentStyle {
  sky: [string, string];
  wall: string;
  trim: string;
  glass: string;
  floors: number;
  columns: number;
  sun?: boolean;
  sea?: boolean;
}

/** A residential tower: window grid, balconies, a lit entrance, trees in front. */
export function apartmentSvg(s: ApartmentStyle): string {
  const ground = 262;
  const width = 30 + s.columns * 28;
  const floorHeight = Math.min(30, 200 / s.floors);
  const height = s.floors * floorHeight + 24;
  const x0 = 150 - width / 2;
  const y0 = ground - height;
  let windows = '';
  for (let f = 0; f < s.floors; f += 1) {
    const y = y0 + 14 + f * floorHeight;
    for (let c = 0; c < s.columns; c += 1) {
      const x = x0 + 16 + c * 28;
      const lit = (f * 7 + c * 3) % 5 === 0;
      windows += `<rect x="${x}" y="${y}" width="18" height="${floorHeight * 0.55}" rx="2" fill="${lit ? '#ffd98a' : s.glass}"/>`;
    }
    windows += `<rect x="${x0 + 8}" y="${y + floorHeight * 0.6}" width="${width - 16}" height="3" fill="${s.trim}"/>`;
  }
  const sea = s.sea
    ? `<rect x="0" y="${ground - 26}" width="300" height="26" fill="#3d7ea6"/><path d="M0 ${ground - 18} q 12 -4 24 0 t 24 0 t 24 0 t 24 0 t 24 0 t 24 0 t 24 0 t 24 0 t 24 0 t 24 0 t 24 0 t 24 0 t 24 0" stroke="#a9d3ea" stroke-width="2" fill="none"/>`
    : '';
  const sun = s.sun ? '<circle cx="236" cy="64" r="26" fill="#ffd36e" opacity="0.95"/>' : '';
  return svg(
    `<rect width="300" height="300" fill="url(#sky)"/>${sun}
    <ellipse cx="60" cy="70" rx="34" ry="10" fill="#ffffff" opacity="0.7"/><ellipse cx="84" cy="62" rx="22" ry="9" fill="#ffffff" opacity="0.7"/>
    ${sea}
    <rect x="${x0 + 6}" y="${y0 + 6}" width="${width}" height="${height}" fill="#000" opacity="0.12"/>
    <rect x="${x0}" y="${y0}" width="${width}" height="${height}" fill="${s.wall}"/>
    <rect x="${x0 - 4}" y="${y0 - 6}" width="${width + 8}" height="8" fill="${s.trim}"/>
    ${windows}
    <rect x="${150 - 14}" y="${ground - 26}" width="28" height="26" fill="#3b2a1a"/><rect x="${150 - 10}" y="${ground - 22}" width="20" height="20" fill="#ffcf70" opacity="0.85"/>
    <rect x="0" y="${ground}" width="300" height="${300 - ground}" fill="#7fb069"/>
    <rect x="0" y="${ground + 10}" width="300" height="12" fill="#c9b79c"/>
    ${tree(38, ground + 4, 1.05)}${tree(262, ground + 4, 0.9, '#3c8d5a')}`,
    skyGradient('sky', s.sky[0], s.sky[1]),
  );
}

export interface VillaStyle {
  sky: [string, string];
  wall: string;
  roof: string;
  door: string;
  palms?: boolean;
}

/** A two-storey villa with a pitched roof, a porch and a garden. */
export function villaSvg(s: VillaStyle): string {
  const ground = 250;
  const garden = s.palms ? palm(40, ground + 6) + palm(266, ground + 6) : tree(42, ground + 6, 1.2) + tree(262, ground + 6, 1);
  return svg(
    `<rect width="300" height="300" fill="url(#sky)"/>
    <circle cx="70" cy="62" r="22" fill="#ffe08a" opacity="0.9"/>
    <rect x="72" y="${ground - 120}" width="156" height="120" fill="${s.wall}"/>
    <polygon points="60,${ground - 118} 150,${ground - 178} 240,${ground - 118}" fill="${s.roof}"/>
    <rect x="60" y="${ground - 122}" width="180" height="8" fill="${s.roof}" opacity="0.85"/>
    <rect x="132" y="${ground - 160}" width="36" height="26" rx="13" fill="#bfe0f2" stroke="#ffffff" stroke-width="3"/>
    <rect x="88" y="${ground - 100}" width="36" height="30" fill="#bfe0f2" stroke="#ffffff" stroke-width="3"/>
    <rect x="176" y="${ground - 100}" width="36" height="30" fill="#bfe0f2" stroke="#ffffff" stroke-width="3"/>
    <rect x="86" y="${ground - 64}" width="40" height="4" fill="#ffffff"/><rect x="174" y="${ground - 64}" width="40" height="4" fill="#ffffff"/>
    <rect x="88" y="${ground - 52}" width="36" height="30" fill="#bfe0f2" stroke="#ffffff" stroke-width="3"/>
    <rect x="176" y="${ground - 52}" width="36" height="30" fill="#bfe0f2" stroke="#ffffff" stroke-width="3"/>
    <rect x="134" y="${ground - 56}" width="32" height="56" rx="3" fill="${s.door}"/><circle cx="160" cy="${ground - 28}" r="2.5" fill="#f4c95d"/>
    <rect x="124" y="${ground - 62}" width="52" height="6" fill="#ffffff"/>
    <rect x="0" y="${ground}" width="300" height="${300 - ground}" fill="#6fa35a"/>
    <polygon points="134,${ground} 166,${ground} 190,300 110,300" fill="#d9c7a7"/>
    ${garden}`,
    skyGradient('sky', s.sky[0], s.sky[1]),
  );
}

/** A room corner (wall, skirting, floor) for the decor pieces to stand in. */
const room = (wall: string, floor: string, body: string) =>
  svg(
    `<rect width="300" height="300" fill="${wall}"/>
    <rect x="0" y="222" width="300" height="78" fill="${floor}"/>
    <rect x="0" y="218" width="300" height="6" fill="#ffffff" opacity="0.6"/>
    <ellipse cx="150" cy="262" rx="112" ry="10" fill="#000" opacity="0.08"/>
    ${body}`,
  );

export function sofaSvg(fabric: string, cushion: string): string {
  return room(
    '#e9e2d6',
    '#b48a60',
    `<rect x="96" y="60" width="108" height="70" fill="#ffffff" stroke="#c9a36a" stroke-width="5"/>
    <polygon points="104,124 130,88 150,112 168,96 196,124" fill="#7fa7c9"/>
    <rect x="46" y="150" width="208" height="62" rx="16" fill="${fabric}"/>
    <rect x="34" y="168" width="34" height="70" rx="14" fill="${fabric}" opacity="0.95"/>
    <rect x="232" y="168" width="34" height="70" rx="14" fill="${fabric}" opacity="0.95"/>
    <rect x="60" y="196" width="180" height="36" rx="10" fill="${fabric}" stroke="#000" stroke-opacity="0.1"/>
    <rect x="74" y="160" width="40" height="34" rx="8" fill="${cushion}" transform="rotate(-8 94 177)"/>
    <rect x="186" y="160" width="40" height="34" rx="8" fill="${cushion}" transform="rotate(8 206 177)"/>
    <rect x="52" y="238" width="8" height="18" fill="#5a3a22"/><rect x="240" y="238" width="8" height="18" fill="#5a3a22"/>`,
  );
}

export function floorLampSvg(shade: string): string {
  return room(
    '#233a5e',
    '#8c6a4a',
    `<circle cx="150" cy="86" r="86" fill="#ffe7a3" opacity="0.18"/>
    <polygon points="112,52 188,52 206,112 94,112" fill="${shade}"/>
    <rect x="94" y="108" width="112" height="6" fill="#c99a3b"/>
    <rect x="147" y="112" width="6" height="132" fill="#c99a3b"/>
    <ellipse cx="150" cy="248" rx="34" ry="8" fill="#c99a3b"/>
    <rect x="214" y="178" width="50" height="66" rx="6" fill="#0f2340"/><rect x="222" y="170" width="34" height="10" rx="4" fill="#b48a60"/>
    <circle cx="239" cy="158" r="12" fill="#3f8f5f"/>`,
  );
}

export function armchairSvg(cane: string, cushion: string): string {
  return room(
    '#dfe8e1',
    '#a87c52',
    `<rect x="206" y="70" width="62" height="80" rx="31" fill="#ffffff" opacity="0.7"/>
    <path d="M88 120 Q150 70 212 120 L206 200 L94 200 Z" fill="${cane}"/>
    ${Array.from({ length: 9 }, (_, i) => `<line x1="${100 + i * 12.5}" y1="108" x2="${100 + i * 12.5}" y2="198" stroke="#8a5a2b" stroke-width="1.5" opacity="0.5"/>`).join('')}
    ${Array.from({ length: 6 }, (_, i) => `<line x1="96" y1="${116 + i * 14}" x2="204" y2="${116 + i * 14}" stroke="#8a5a2b" stroke-width="1.5" opacity="0.5"/>`).join('')}
    <rect x="82" y="176" width="136" height="34" rx="12" fill="${cushion}"/>
    <rect x="70" y="150" width="24" height="64" rx="10" fill="${cane}"/><rect x="206" y="150" width="24" height="64" rx="10" fill="${cane}"/>
    <line x1="92" y1="210" x2="84" y2="252" stroke="#6b4423" stroke-width="7" stroke-linecap="round"/>
    <line x1="208" y1="210" x2="216" y2="252" stroke="#6b4423" stroke-width="7" stroke-linecap="round"/>`,
  );
}

export function rugSvg(base: string, pattern: string, border: string): string {
  const diamonds = [90, 150, 210]
    .map((x) => `<polygon points="${x},150 ${x + 22},184 ${x},218 ${x - 22},184" fill="${pattern}"/><circle cx="${x}" cy="184" r="6" fill="${border}"/>`)
    .join('');
  return svg(
    `<rect width="300" height="300" fill="#c49a6c"/>
    ${Array.from({ length: 10 }, (_, i) => `<rect x="0" y="${i * 30}" width="300" height="2" fill="#a77d52" opacity="0.5"/>`).join('')}
    <g transform="rotate(-8 150 170)">
      <rect x="38" y="110" width="224" height="148" fill="#000" opacity="0.12" transform="translate(4 6)"/>
      <rect x="38" y="110" width="224" height="148" fill="${border}"/>
      <rect x="50" y="122" width="200" height="124" fill="${base}"/>
      ${diamonds}
      ${Array.from({ length: 12 }, (_, i) => `<line x1="${44 + i * 19}" y1="258" x2="${44 + i * 19}" y2="270" stroke="#f3e6cc" stroke-width="2"/>`).join('')}
    </g>`,
  );
}

export function planterSvg(pot: string): string {
  const leaves = [-60, -35, -12, 12, 35, 60]
    .map((a) => `<ellipse cx="150" cy="140" rx="14" ry="52" fill="#3f8f5f" transform="rotate(${a} 150 190)"/>`)
    .join('');
  return room(
    '#f1e7da',
    '#9c7a58',
    `<rect x="40" y="40" width="70" height="110" fill="#ffffff" opacity="0.65"/><line x1="75" y1="40" x2="75" y2="150" stroke="#e2d5c3" stroke-width="3"/>
    ${leaves}
    <ellipse cx="150" cy="140" rx="10" ry="44" fill="#5aa86f" transform="rotate(0 150 190)"/>
    <path d="M108 186 L192 186 L180 252 L120 252 Z" fill="${pot}"/>
    <rect x="102" y="180" width="96" height="14" rx="4" fill="${pot}" stroke="#000" stroke-opacity="0.12"/>
    <path d="M116 214 Q150 228 184 214" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3" fill="none"/>`,
  );
}

export function wallClockSvg(frame: string): string {
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const r1 = i % 3 === 0 ? 58 : 64;
    return `<line x1="${150 + Math.sin(a) * r1}" y1="${128 - Math.cos(a) * r1}" x2="${150 + Math.sin(a) * 70}" y2="${128 - Math.cos(a) * 70}" stroke="#2b2b2b" stroke-width="${i % 3 === 0 ? 4 : 2}"/>`;
  }).join('');
  return room(
    '#cfe0e8',
    '#7d5a3c',
    `<circle cx="153" cy="132" r="88" fill="#000" opacity="0.1"/>
    <circle cx="150" cy="128" r="88" fill="${frame}"/>
    <circle cx="150" cy="128" r="76" fill="#fbf7ef"/>
    ${ticks}
    <line x1="150" y1="128" x2="150" y2="82" stroke="#1b1b1b" stroke-width="5" stroke-linecap="round"/>
    <line x1="150" y1="128" x2="186" y2="146" stroke="#1b1b1b" stroke-width="4" stroke-linecap="round"/>
    <line x1="150" y1="128" x2="118" y2="178" stroke="#b3261e" stroke-width="2"/>
    <circle cx="150" cy="128" r="5" fill="#1b1b1b"/>
    <rect x="40" y="236" width="220" height="12" rx="4" fill="#5a3a22"/>`,
  );
}

export interface StorefrontStyle {
  sky: [string, string];
  wall: string;
  awning: [string, string];
  door: string;
}

/** A studio's street front: shop window with furniture inside, striped awning, planters. */
export function storefrontSvg(s: StorefrontStyle): string {
  const stripes = Array.from({ length: 9 }, (_, i) => `<rect x="${42 + i * 24}" y="112" width="24" height="26" fill="${s.awning[i % 2]}"/>`).join('');
  const scallops = Array.from({ length: 9 }, (_, i) => `<circle cx="${54 + i * 24}" cy="138" r="12" fill="${s.awning[i % 2]}"/>`).join('');
  return svg(
    `<rect width="300" height="300" fill="url(#sky)"/>
    <rect x="30" y="46" width="240" height="214" fill="${s.wall}"/>
    <rect x="24" y="40" width="252" height="12" fill="#0b2545"/>
    <rect x="76" y="66" width="148" height="30" rx="4" fill="#0b2545"/>
    <rect x="92" y="78" width="116" height="6" rx="3" fill="#f4c95d"/>
    <rect x="42" y="138" width="140" height="104" fill="#cfe6f3"/>
    <rect x="60" y="196" width="70" height="26" rx="6" fill="#1d4e89"/><rect x="54" y="188" width="16" height="34" rx="6" fill="#1d4e89"/><rect x="120" y="188" width="16" height="34" rx="6" fill="#1d4e89"/>
    <polygon points="150,150 170,150 176,172 144,172" fill="#f4c95d"/><rect x="158" y="172" width="4" height="50" fill="#6b4a2b"/>
    <line x1="112" y1="138" x2="112" y2="242" stroke="#ffffff" stroke-width="4"/>
    <rect x="194" y="146" width="56" height="96" fill="${s.door}"/><circle cx="240" cy="196" r="3" fill="#f4c95d"/>
    <rect x="200" y="154" width="44" height="40" fill="#cfe6f3" opacity="0.8"/>
    ${stripes}${scallops}
    <rect x="0" y="242" width="300" height="58" fill="#9aa5b1"/>
    <rect x="0" y="242" width="300" height="6" fill="#c3cbd3"/>
    <path d="M20 242 L34 242 L31 262 L23 262 Z" fill="#b5653d"/>${tree(27, 232, 0.55)}
    <path d="M266 242 L280 242 L277 262 L269 262 Z" fill="#b5653d"/>${tree(273, 232, 0.55)}`,
    skyGradient('sky', s.sky[0], s.sky[1]),
  );
}
