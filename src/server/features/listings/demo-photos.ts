/**
 * The demo listings' photos and floor plans, drawn as SVG and rasterised by sharp at seed
 * time like demo-illustrations.ts: no downloads, no text in pictures (fonts differ between machines).
 * Photos are landscape (3:2): the building from the street at another hour, from above, and its rooms
 * (living room, bedroom, kitchen, balcony), each in the home's own colours; a decor piece is shown in
 * other rooms and close up. Floor plans are drawn from a room layout, as a picture or as a small PDF.
 */

/**
 * Photos are drawn on 450×300 and rendered 960 pixels wide (stored at 320, 640 and 960); a decor
 * piece's at 640 (320 and 640), which keeps the first start quick.
 */
export const DEMO_PHOTO_WIDTH = 960;
export const DEMO_PIECE_WIDTH = 640;

const landscape = (body: string, defs = '', width = DEMO_PHOTO_WIDTH) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width / 1.5)}" viewBox="0 0 450 300"><defs>${defs}</defs>${body}</svg>`;

const gradient = (id: string, top: string, bottom: string, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/**
 * A square illustration (demo-illustrations.ts, viewBox 300×300) placed in a landscape picture:
 * at `x, y` and `size`, showing `view` of it (a part of its 300×300, for a close-up), mirrored or not.
 */
export function placed(
  square: string,
  { x = 75, y = 0, size = 300, view = '0 0 300 300', mirror = false }: { x?: number; y?: number; size?: number; view?: string; mirror?: boolean } = {},
): string {
  const inner = square.replace(
    /^<svg [^>]*>/,
    `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${view}" preserveAspectRatio="xMidYMid slice">`,
  );
  return mirror ? `<g transform="translate(450 0) scale(-1 1)">${inner}</g>` : inner;
}

/** A square illustration filling a landscape picture: the middle band of it, or a part (`view`) close up. */
export function wide(square: string, options: { view?: string; mirror?: boolean; sides?: string; width?: number } = {}): string {
  const view = options.view ?? '0 37.5 300 200';
  const [vx, vy, vw, vh] = view.split(' ').map(Number) as [number, number, number, number];
  const inner = square.replace(
    /^<svg [^>]*>/,
    `<svg x="0" y="0" width="450" height="300" viewBox="${vx} ${vy} ${vw} ${vh}" preserveAspectRatio="xMidYMid slice">`,
  );
  const body = `<rect width="450" height="300" fill="${options.sides ?? '#ffffff'}"/>${inner}`;
  return landscape(options.mirror ? `<g transform="translate(450 0) scale(-1 1)">${body}</g>` : body, '', options.width);
}

function tree(x: number, ground: number, scale = 1, leaf = '#2f7d4f'): string {
  const h = 46 * scale;
  return `<rect x="${x - 3 * scale}" y="${ground - h * 0.45}" width="${6 * scale}" height="${h * 0.45}" fill="#6b4a2b"/>
    <circle cx="${x}" cy="${ground - h * 0.62}" r="${18 * scale}" fill="${leaf}"/>
    <circle cx="${x - 10 * scale}" cy="${ground - h * 0.5}" r="${12 * scale}" fill="${leaf}" opacity="0.9"/>
    <circle cx="${x + 11 * scale}" cy="${ground - h * 0.52}" r="${13 * scale}" fill="${leaf}" opacity="0.85"/>`;
}

function plant(x: number, floor: number, pot: string, scale = 1): string {
  const leaves = [-50, -25, 0, 25, 50]
    .map(
      (a) =>
        `<ellipse cx="${x}" cy="${floor - 34 * scale}" rx="${6 * scale}" ry="${22 * scale}" fill="#3f8f5f" transform="rotate(${a} ${x} ${floor - 14 * scale})"/>`,
    )
    .join('');
  return `${leaves}<path d="M${x - 12 * scale} ${floor - 18 * scale} L${x + 12 * scale} ${floor - 18 * scale} L${x + 9 * scale} ${floor} L${x - 9 * scale} ${floor} Z" fill="${pot}"/>`;
}

/** What a window shows: sky and a skyline, or the sea. */
function view(x: number, y: number, w: number, h: number, sky: [string, string], id: string, sea = false): string {
  const towers = Array.from({ length: Math.floor(w / 14) }, (_, i) => {
    const th = 12 + ((i * 37) % 5) * 7;
    return `<rect x="${x + 2 + i * 14}" y="${y + h - th - (sea ? 10 : 0)}" width="11" height="${th}" fill="#7d8ea3" opacity="0.75"/>`;
  }).join('');
  const water = sea ? `<rect x="${x}" y="${y + h - 12}" width="${w}" height="12" fill="#3d7ea6"/>` : '';
  return `<defs>${gradient(id, sky[0], sky[1])}</defs><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/>${towers}${water}`;
}

export interface Palette {
  sky: [string, string];
  wall: string;
  floor: string;
  accent: string;
  fabric: string;
  wood: string;
  sea?: boolean;
}

export function livingRoom(p: Palette, mirror = false): string {
  const body = `<rect width="450" height="300" fill="${p.wall}"/>
    <rect x="0" y="214" width="450" height="86" fill="${p.floor}"/>
    <rect x="0" y="210" width="450" height="6" fill="#ffffff" opacity="0.55"/>
    <rect x="250" y="46" width="160" height="132" fill="#ffffff"/>
    ${view(256, 52, 148, 120, p.sky, 'lv', p.sea)}
    <rect x="328" y="52" width="4" height="120" fill="#ffffff"/>
    <rect x="240" y="40" width="12" height="150" fill="${p.accent}" opacity="0.85"/><rect x="408" y="40" width="12" height="150" fill="${p.accent}" opacity="0.85"/>
    <rect x="46" y="64" width="70" height="52" fill="#ffffff" stroke="${p.wood}" stroke-width="4"/>
    <polygon points="52,110 74,84 90,102 100,92 110,110" fill="${p.accent}" opacity="0.7"/>
    <ellipse cx="170" cy="266" rx="120" ry="20" fill="${p.accent}" opacity="0.35"/>
    <rect x="40" y="168" width="190" height="56" rx="14" fill="${p.fabric}"/>
    <rect x="30" y="184" width="28" height="58" rx="12" fill="${p.fabric}"/><rect x="214" y="184" width="28" height="58" rx="12" fill="${p.fabric}"/>
    <rect x="54" y="208" width="166" height="30" rx="9" fill="${p.fabric}" stroke="#000" stroke-opacity="0.1"/>
    <rect x="66" y="178" width="34" height="28" rx="7" fill="${p.accent}" transform="rotate(-8 83 192)"/>
    <rect x="170" y="178" width="34" height="28" rx="7" fill="${p.accent}" transform="rotate(8 187 192)"/>
    <rect x="110" y="250" width="120" height="10" rx="3" fill="${p.wood}"/><rect x="118" y="260" width="6" height="18" fill="${p.wood}"/><rect x="216" y="260" width="6" height="18" fill="${p.wood}"/>
    <circle cx="150" cy="244" r="6" fill="#ffffff"/>
    <line x1="270" y1="230" x2="270" y2="120" stroke="#2b2b2b" stroke-width="3"/><polygon points="252,100 288,100 296,124 244,124" fill="#f3e3c3"/>
    ${plant(428, 262, p.wood, 1.2)}`;
  return landscape(mirror ? `<g transform="translate(450 0) scale(-1 1)">${body}</g>` : body);
}

export function bedroom(p: Palette, mirror = false): string {
  const body = `<rect width="450" height="300" fill="${p.wall}"/>
    <rect x="0" y="220" width="450" height="80" fill="${p.floor}"/>
    <rect x="0" y="216" width="450" height="5" fill="#ffffff" opacity="0.5"/>
    <rect x="30" y="60" width="100" height="110" fill="#ffffff"/>${view(36, 66, 88, 98, p.sky, 'bv', p.sea)}
    <path d="M26 56 Q46 120 30 176 L22 176 L22 56 Z" fill="${p.accent}" opacity="0.8"/><path d="M134 56 Q114 120 130 176 L138 176 L138 56 Z" fill="${p.accent}" opacity="0.8"/>
    <rect x="170" y="110" width="170" height="70" rx="10" fill="${p.wood}"/>
    <rect x="160" y="170" width="190" height="62" rx="8" fill="#f7f3ec"/>
    <rect x="160" y="196" width="190" height="40" rx="8" fill="${p.fabric}"/>
    <rect x="180" y="152" width="60" height="26" rx="8" fill="#ffffff"/><rect x="270" y="152" width="60" height="26" rx="8" fill="#ffffff"/>
    <rect x="164" y="236" width="8" height="14" fill="${p.wood}"/><rect x="338" y="236" width="8" height="14" fill="${p.wood}"/>
    <rect x="360" y="180" width="44" height="50" rx="4" fill="${p.wood}"/><rect x="368" y="150" width="4" height="30" fill="#2b2b2b"/><polygon points="356,132 384,132 390,152 350,152" fill="#f3e3c3"/>
    <rect x="362" y="198" width="40" height="3" fill="#000" opacity="0.15"/>
    <rect x="406" y="40" width="40" height="182" fill="${p.wood}" opacity="0.9"/><line x1="426" y1="40" x2="426" y2="222" stroke="#000" stroke-opacity="0.2"/>`;
  return landscape(mirror ? `<g transform="translate(450 0) scale(-1 1)">${body}</g>` : body);
}

export function kitchen(p: Palette, mirror = false): string {
  const uppers = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${40 + i * 44}" y="40" width="40" height="58" rx="3" fill="${p.accent}"/><rect x="${56 + i * 44}" y="86" width="8" height="3" fill="#d9d9d9"/>`,
  ).join('');
  const lowers = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${30 + i * 48}" y="176" width="44" height="62" rx="3" fill="${p.accent}"/><rect x="${46 + i * 48}" y="184" width="12" height="3" fill="#d9d9d9"/>`,
  ).join('');
  const body = `<rect width="450" height="300" fill="${p.wall}"/>
    <rect x="0" y="240" width="450" height="60" fill="${p.floor}"/>
    <rect x="30" y="106" width="288" height="60" fill="#ffffff" opacity="0.55"/>
    ${Array.from({ length: 12 }, (_, i) => `<line x1="${30 + i * 24}" y1="106" x2="${30 + i * 24}" y2="166" stroke="#000" stroke-opacity="0.06"/>`).join('')}
    ${uppers}${lowers}
    <rect x="24" y="164" width="300" height="12" fill="${p.wood}"/>
    <rect x="140" y="158" width="60" height="6" fill="#2b2b2b"/><circle cx="156" cy="161" r="6" fill="#444"/><circle cx="184" cy="161" r="6" fill="#444"/>
    <polygon points="142,40 198,40 204,96 136,96" fill="#c9ccd1"/>
    <rect x="344" y="50" width="84" height="96" fill="#ffffff"/>${view(350, 56, 72, 84, p.sky, 'kv', p.sea)}
    <rect x="340" y="176" width="96" height="14" fill="${p.wood}"/><rect x="350" y="190" width="76" height="48" fill="${p.accent}" opacity="0.85"/>
    <line x1="364" y1="238" x2="360" y2="272" stroke="#2b2b2b" stroke-width="3"/><line x1="412" y1="238" x2="416" y2="272" stroke="#2b2b2b" stroke-width="3"/>
    <ellipse cx="388" cy="206" rx="16" ry="5" fill="${p.fabric}"/>
    ${plant(290, 164, p.fabric, 0.7)}`;
  return landscape(mirror ? `<g transform="translate(450 0) scale(-1 1)">${body}</g>` : body);
}

export function balcony(p: Palette): string {
  const rails = Array.from({ length: 30 }, (_, i) => `<rect x="${8 + i * 15}" y="180" width="3" height="70" fill="#3b3b3b"/>`).join('');
  const body = `${view(0, 0, 450, 250, p.sky, 'sv', p.sea)}
    <circle cx="360" cy="70" r="22" fill="#ffd36e" opacity="0.9"/>
    <rect x="0" y="250" width="450" height="50" fill="${p.floor}"/>
    <rect x="0" y="174" width="450" height="8" fill="#3b3b3b"/>${rails}
    <rect x="0" y="240" width="450" height="12" fill="#000" opacity="0.1"/>
    ${plant(40, 266, p.wood, 1.4)}${plant(410, 266, p.accent, 1.2)}
    <rect x="150" y="220" width="60" height="8" rx="3" fill="${p.wood}"/><rect x="176" y="228" width="8" height="40" fill="${p.wood}"/>
    <path d="M230 200 L282 200 L278 252 L234 252 Z" fill="${p.fabric}"/><rect x="226" y="232" width="60" height="10" rx="4" fill="${p.fabric}"/>
    <circle cx="170" cy="214" r="6" fill="#ffffff"/><rect x="190" y="208" width="6" height="12" fill="${p.accent}"/>`;
  return landscape(body);
}

/** The building from the street: its illustration (drawn under `sky`) in the middle, a road and trees either side. */
export function streetView(building: string, sky: [string, string], p: Palette): string {
  return landscape(
    `<rect width="450" height="300" fill="url(#street-sky)"/>
    ${placed(building, { x: 75, y: 0, size: 300 })}
    <rect x="0" y="262" width="450" height="38" fill="#8d99a6"/><rect x="0" y="262" width="75" height="10" fill="#c9b79c"/><rect x="375" y="262" width="75" height="10" fill="#c9b79c"/>
    ${Array.from({ length: 9 }, (_, i) => `<rect x="${8 + i * 52}" y="284" width="26" height="3" fill="#ffffff" opacity="0.8"/>`).join('')}
    <rect x="0" y="212" width="75" height="50" fill="#7fb069"/><rect x="375" y="212" width="75" height="50" fill="#7fb069"/>
    ${tree(30, 258, 1.3, '#2f7d4f')}${tree(420, 258, 1.2, '#3c8d5a')}
    <rect x="388" y="236" width="46" height="18" rx="6" fill="${p.accent}"/><rect x="396" y="226" width="28" height="14" rx="5" fill="${p.accent}"/>
    <circle cx="398" cy="256" r="5" fill="#222"/><circle cx="424" cy="256" r="5" fill="#222"/>
    <line x1="60" y1="262" x2="60" y2="170" stroke="#444" stroke-width="3"/><circle cx="60" cy="168" r="5" fill="#ffe7a3"/>`,
    gradient('street-sky', sky[0], sky[1]),
  );
}

/** The site from above: towers (or villas) casting shadows, a pool, paths and trees. */
export function aerialView(p: Palette, blocks: number): string {
  const buildings = Array.from({ length: blocks }, (_, i) => {
    const x = 40 + (i % 3) * 130;
    const y = 40 + Math.floor(i / 3) * 120;
    return `<rect x="${x + 10}" y="${y + 12}" width="90" height="70" fill="#000" opacity="0.18"/><rect x="${x}" y="${y}" width="90" height="70" fill="${p.wall}" stroke="${p.wood}" stroke-width="3"/>
      <rect x="${x + 30}" y="${y + 22}" width="30" height="26" fill="${p.accent}" opacity="0.6"/>`;
  }).join('');
  const trees = Array.from(
    { length: 16 },
    (_, i) => `<circle cx="${20 + ((i * 97) % 420)}" cy="${20 + ((i * 61) % 260)}" r="${8 + (i % 3) * 3}" fill="#2f7d4f" opacity="0.9"/>`,
  ).join('');
  return landscape(
    `<rect width="450" height="300" fill="#7fb069"/>
    <rect x="0" y="132" width="450" height="18" fill="#c9b79c"/><rect x="214" y="0" width="18" height="300" fill="#c9b79c"/>
    ${trees}${buildings}
    <rect x="300" y="190" width="110" height="60" rx="14" fill="#4fb3d9" stroke="#ffffff" stroke-width="5"/>
    <path d="M310 210 q 12 -4 24 0 t 24 0 t 24 0 t 24 0" stroke="#ffffff" stroke-width="2" fill="none" opacity="0.7"/>`,
  );
}

// Floor plans

export type RoomKind = 'living' | 'bed' | 'kitchen' | 'bath' | 'balcony' | 'dining';
export interface Room {
  kind: RoomKind;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Where the room's door is, on which wall. */
  door?: 'top' | 'bottom' | 'left' | 'right';
}
/** A home's plan in feet; its outline is the rooms' bounding box. */
export interface Layout {
  width: number;
  height: number;
  rooms: Room[];
}

const TINT: Record<RoomKind, string> = { living: '#fdf3e1', dining: '#fbeedd', bed: '#e8f0fa', kitchen: '#eef6e8', bath: '#e6f4f6', balcony: '#f1f1f1' };
const LABEL: Record<RoomKind, string> = { living: 'Living', dining: 'Dining', bed: 'Bedroom', kitchen: 'Kitchen', bath: 'Bath', balcony: 'Balcony' };

/** A 2-, 3- or 4-bedroom layout: bedrooms across the top, baths and the living room, then kitchen, dining and balcony; `seed` mirrors it. */
export function layoutFor(bedrooms: number, seed = 0): Layout {
  const width = Math.max(bedrooms * 12, 30);
  const bedW = width / bedrooms;
  const rooms: Room[] = [
    ...Array.from({ length: bedrooms }, (_, i): Room => ({ kind: 'bed', x: i * bedW, y: 0, w: bedW, h: 12, door: 'bottom' })),
    { kind: 'bath', x: 0, y: 12, w: 6, h: 10, door: 'right' },
    { kind: 'living', x: 6, y: 12, w: width - 12, h: 10 },
    { kind: 'bath', x: width - 6, y: 12, w: 6, h: 10, door: 'left' },
    { kind: 'kitchen', x: 0, y: 22, w: 10, h: 10, door: 'top' },
    { kind: 'dining', x: 10, y: 22, w: width - 22, h: 10 },
    { kind: 'balcony', x: width - 12, y: 22, w: 12, h: 10, door: 'top' },
  ];
  const mirror = seed % 2 === 1;
  const flipped = rooms.map((r): Room => ({ ...r, x: width - r.x - r.w, door: r.door === 'left' ? 'right' : r.door === 'right' ? 'left' : r.door }));
  return { width, height: 32, rooms: mirror ? flipped : rooms };
}

/** Furniture symbols for a room, in plan units (feet) from its corner. */
function furniture(room: Room, s: number, ox: number, oy: number, p: Pick<Palette, 'accent' | 'wood'>): string {
  const X = (fx: number) => ox + (room.x + fx) * s;
  const Y = (fy: number) => oy + (room.y + fy) * s;
  const cx = room.w / 2;
  const cy = room.h / 2;
  switch (room.kind) {
    case 'bed':
      return `<rect x="${X(cx - 2.5)}" y="${Y(1)}" width="${5 * s}" height="${6.5 * s}" fill="#ffffff" stroke="#556" stroke-width="1.5"/>
        <rect x="${X(cx - 2.2)}" y="${Y(1.3)}" width="${2 * s}" height="${1.2 * s}" fill="${p.accent}" opacity="0.5"/><rect x="${X(cx + 0.2)}" y="${Y(1.3)}" width="${2 * s}" height="${1.2 * s}" fill="${p.accent}" opacity="0.5"/>
        <rect x="${X(0.5)}" y="${Y(0.5)}" width="${3 * s}" height="${1.6 * s}" fill="${p.wood}" opacity="0.5"/>`;
    case 'living':
      return `<path d="M${X(1)} ${Y(2)} h${2 * s} v${7 * s} h-${2 * s} Z M${X(1)} ${Y(9)} h${7 * s} v${1.8 * s} h-${7 * s} Z" fill="${p.accent}" opacity="0.55" stroke="#556" stroke-width="1"/>
        <rect x="${X(4.5)}" y="${Y(4)}" width="${3 * s}" height="${3 * s}" rx="3" fill="${p.wood}" opacity="0.45" stroke="#556"/>
        <rect x="${X(room.w - 1.5)}" y="${Y(3)}" width="${0.8 * s}" height="${6 * s}" fill="#556"/>`;
    case 'dining':
      return `<rect x="${X(cx - 2.5)}" y="${Y(cy - 1.2)}" width="${5 * s}" height="${2.4 * s}" rx="2" fill="${p.wood}" opacity="0.5" stroke="#556"/>
        ${[-1.8, 0, 1.8].map((dx) => `<circle cx="${X(cx + dx)}" cy="${Y(cy - 1.9)}" r="${0.55 * s}" fill="#fff" stroke="#556"/><circle cx="${X(cx + dx)}" cy="${Y(cy + 1.9)}" r="${0.55 * s}" fill="#fff" stroke="#556"/>`).join('')}`;
    case 'kitchen':
      return `<path d="M${X(0.2)} ${Y(0.2)} h${2 * s} v${room.h * s - 0.4 * s} h-${2 * s} Z" fill="#d7dde3" stroke="#556"/>
        <circle cx="${X(1.2)}" cy="${Y(3)}" r="${0.5 * s}" fill="none" stroke="#556"/><circle cx="${X(1.2)}" cy="${Y(4.5)}" r="${0.5 * s}" fill="none" stroke="#556"/>
        <rect x="${X(0.5)}" y="${Y(8)}" width="${1.4 * s}" height="${2 * s}" rx="2" fill="#ffffff" stroke="#556"/>`;
    case 'bath':
      return `<rect x="${X(0.4)}" y="${Y(0.4)}" width="${2.5 * s}" height="${5 * s}" rx="${s}" fill="#ffffff" stroke="#556"/>
        <ellipse cx="${X(room.w - 1.4)}" cy="${Y(room.h - 1.6)}" rx="${0.7 * s}" ry="${1 * s}" fill="#ffffff" stroke="#556"/>`;
    case 'balcony':
      return `${plantDot(X(1.5), Y(cy), s)}${plantDot(X(room.w - 1.5), Y(cy), s)}`;
  }
}

const plantDot = (x: number, y: number, s: number) => `<circle cx="${x}" cy="${y}" r="${0.8 * s}" fill="#3f8f5f"/>`;

/** The door's swing (a quarter circle) and gap on the room's wall. */
function door(room: Room, s: number, ox: number, oy: number): string {
  if (!room.door) return '';
  const d = 2.6 * s;
  const x0 = ox + room.x * s;
  const y0 = oy + room.y * s;
  const midX = x0 + (room.w * s) / 2 - d / 2;
  const midY = y0 + (room.h * s) / 2 - d / 2;
  switch (room.door) {
    case 'bottom': {
      const y = y0 + room.h * s;
      return `<line x1="${midX}" y1="${y}" x2="${midX + d}" y2="${y}" stroke="#ffffff" stroke-width="6"/><path d="M${midX} ${y} L${midX} ${y - d} A${d} ${d} 0 0 1 ${midX + d} ${y}" fill="none" stroke="#556" stroke-width="1.2"/>`;
    }
    case 'top':
      return `<line x1="${midX}" y1="${y0}" x2="${midX + d}" y2="${y0}" stroke="#ffffff" stroke-width="6"/><path d="M${midX} ${y0} L${midX} ${y0 + d} A${d} ${d} 0 0 0 ${midX + d} ${y0}" fill="none" stroke="#556" stroke-width="1.2"/>`;
    case 'left':
      return `<line x1="${x0}" y1="${midY}" x2="${x0}" y2="${midY + d}" stroke="#ffffff" stroke-width="6"/><path d="M${x0} ${midY} L${x0 + d} ${midY} A${d} ${d} 0 0 1 ${x0} ${midY + d}" fill="none" stroke="#556" stroke-width="1.2"/>`;
    case 'right': {
      const x = x0 + room.w * s;
      return `<line x1="${x}" y1="${midY}" x2="${x}" y2="${midY + d}" stroke="#ffffff" stroke-width="6"/><path d="M${x} ${midY} L${x - d} ${midY} A${d} ${d} 0 0 0 ${x} ${midY + d}" fill="none" stroke="#556" stroke-width="1.2"/>`;
    }
  }
}

/** A floor plan as a picture (no text): rooms tinted by use, walls, doors, furniture, a north arrow. */
export function floorPlanSvg(layout: Layout, p: Pick<Palette, 'accent' | 'wood'>, pixels = 1200): string {
  const margin = 60;
  const s = Math.min((pixels - 2 * margin) / layout.width, (pixels * 0.75 - 2 * margin) / layout.height);
  const w = layout.width * s + 2 * margin;
  const h = layout.height * s + 2 * margin;
  const rooms = layout.rooms
    .map(
      (r) =>
        `<rect x="${margin + r.x * s}" y="${margin + r.y * s}" width="${r.w * s}" height="${r.h * s}" fill="${TINT[r.kind]}" stroke="#2b3340" stroke-width="4"/>`,
    )
    .join('');
  const details = layout.rooms.map((r) => furniture(r, s, margin, margin, p) + door(r, s, margin, margin)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(w)}" height="${Math.round(h)}" viewBox="0 0 ${w} ${h}">
    <rect width="${w}" height="${h}" fill="#ffffff"/>${rooms}
    <rect x="${margin}" y="${margin}" width="${layout.width * s}" height="${layout.height * s}" fill="none" stroke="#2b3340" stroke-width="9"/>
    ${details}
    <g transform="translate(${w - 34} 34)"><polygon points="0,-20 8,8 0,2 -8,8" fill="#2b3340"/></g></svg>`;
}

/**
 * The same plan as a one-page PDF (vector, A4 landscape): walls, room names in Helvetica (a font
 * every PDF reader has), door swings and a title line. Small and written by hand, so it needs no library.
 */
export function floorPlanPdf(layout: Layout, title: string): Buffer {
  const pageW = 842;
  const pageH = 595;
  const margin = 60;
  const s = Math.min((pageW - 2 * margin) / layout.width, (pageH - 2 * margin - 40) / layout.height);
  const ox = (pageW - layout.width * s) / 2;
  // PDF's y axis points up: a room's top edge in the plan is at pageH - margin - 40 - y*s.
  const top = pageH - margin - 40;
  const py = (y: number) => top - y * s;
  const fmt = (n: number) => n.toFixed(2);
  const ops: string[] = [];
  const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '-').replace(/[\\()]/g, (c) => `\\${c}`);
  for (const r of layout.rooms) {
    const tint = TINT[r.kind]
      .slice(1)
      .match(/../g)!
      .map((hex) => fmt(parseInt(hex, 16) / 255));
    ops.push(`${tint.join(' ')} rg ${fmt(ox + r.x * s)} ${fmt(py(r.y + r.h))} ${fmt(r.w * s)} ${fmt(r.h * s)} re f`);
    ops.push(`0.17 0.2 0.25 RG 2 w ${fmt(ox + r.x * s)} ${fmt(py(r.y + r.h))} ${fmt(r.w * s)} ${fmt(r.h * s)} re S`);
  }
  ops.push(`0.17 0.2 0.25 RG 5 w ${fmt(ox)} ${fmt(py(layout.height))} ${fmt(layout.width * s)} ${fmt(layout.height * s)} re S`);
  for (const r of layout.rooms) {
    const label = `${LABEL[r.kind]} ${r.w}' x ${r.h}'`;
    const size = r.w * s < 90 ? 7 : 10;
    ops.push(`BT /F1 ${size} Tf 0.17 0.2 0.25 rg ${fmt(ox + r.x * s + 6)} ${fmt(py(r.y) - size - 6)} Td (${ascii(label)}) Tj ET`);
  }
  ops.push(`BT /F1 16 Tf 0.11 0.31 0.54 rg ${margin} ${pageH - margin} Td (${ascii(title)}) Tj ET`);
  ops.push(`BT /F1 9 Tf 0.3 0.35 0.45 rg ${margin} ${margin - 30} Td (Indicative layout, not to scale. Carpet areas as per the RERA registration.) Tj ET`);
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
