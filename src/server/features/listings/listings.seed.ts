import type { Kysely } from 'kysely';
import { loadSharp } from '#server/lib/lazy-modules';
import type { ListingKind } from '#shared/listings/listings.contract';
import type { Database } from '#server/db/schema';
import {
  apartmentSvg,
  type ApartmentStyle,
  type VillaStyle,
  armchairSvg,
  floorLampSvg,
  planterSvg,
  rugSvg,
  sofaSvg,
  storefrontSvg,
  villaSvg,
  wallClockSvg,
} from './demo-illustrations';
import { preparePhoto } from '#server/features/media';
import {
  DEMO_PIECE_WIDTH,
  aerialView,
  balcony,
  bedroom,
  floorPlanPdf,
  floorPlanSvg,
  kitchen,
  layoutFor,
  livingRoom,
  streetView,
  wide,
  type Palette,
} from './demo-photos';
import { listingKinds } from './listing-kinds';
import { addPhotos, setFloorPlan } from './listing-photos.service';
import { countListings } from './listings.repository';
import { addItem, deleteItem, listItems } from './listings.service';
import type { AuditActor } from '#server/features/audit';

const mapSearch = (place: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;

interface DemoItem {
  fields: Record<string, string>;
  /** File name the picture is stored under, as an upload would carry. */
  filename: string;
  svg: string;
  /** Its photos: 3 to 5 for a home, 2 or 3 for a decor piece, each with its alt text. */
  photos?: (item: DemoItem) => Array<{ svg: string; alt: string }>;
  /** A home's floor plan: its bedrooms, drawn as a picture or as a PDF. */
  floorPlan?: { bedrooms: number; as: 'image' | 'pdf'; mirror?: boolean };
}

const PALETTES: Record<string, Palette> = {
  lakeside: { sky: ['#8ec5e8', '#e3f1f8'], wall: '#f4ecdf', floor: '#b48a60', accent: '#b5653d', fabric: '#5d8fb8', wood: '#7a4b2a' },
  palm: { sky: ['#f6c48f', '#fbe9d3'], wall: '#fff6e8', floor: '#c9a36a', accent: '#a4452c', fabric: '#1d4e89', wood: '#6b4423' },
  baner: { sky: ['#f3a683', '#fde3cf'], wall: '#dfe6ee', floor: '#8c6a4a', accent: '#13315c', fabric: '#7ea3c4', wood: '#5a3a22' },
  hinjewadi: { sky: ['#9fd3c7', '#eaf6f2'], wall: '#f7efe2', floor: '#a87c52', accent: '#2f6b4f', fabric: '#d9a766', wood: '#7a4b2a' },
  worli: { sky: ['#f3a683', '#fde3cf'], wall: '#f4f1ea', floor: '#d8cbb8', accent: '#0b2545', fabric: '#4f7ca6', wood: '#8c5a3c', sea: true },
  powai: { sky: ['#1d2b53', '#7e5a9b'], wall: '#efe3cf', floor: '#8c5a3c', accent: '#8c5a3c', fabric: '#6f93b3', wood: '#5a3a22' },
};

/** A home's photos: the building from the street (at another hour than its card), from above, and its rooms. */
function homePhotos(
  palette: Palette,
  building: ApartmentStyle | VillaStyle,
  rooms: Array<'street' | 'aerial' | 'living' | 'livingMirror' | 'bedroom' | 'kitchen' | 'balcony'>,
  blocks = 3,
) {
  return (item: DemoItem) =>
    rooms.map((room) => {
      const name = item.fields.name!;
      switch (room) {
        case 'street':
          return { svg: streetView('floors' in building ? apartmentSvg(building) : villaSvg(building), building.sky, palette), alt: `${name} from the street` };
        case 'aerial':
          return { svg: aerialView(palette, blocks), alt: `${name}: the site from above, with the pool and gardens` };
        case 'living':
          return { svg: livingRoom(palette), alt: 'Living room with a sofa and a large window' };
        case 'livingMirror':
          return { svg: livingRoom(palette, true), alt: 'Living room seen from the window side' };
        case 'bedroom':
          return { svg: bedroom(palette, name.length % 2 === 0), alt: 'Main bedroom' };
        case 'kitchen':
          return { svg: kitchen(palette, name.length % 2 === 1), alt: 'Modular kitchen' };
        case 'balcony':
          return { svg: balcony(palette), alt: palette.sea ? 'Balcony facing the sea' : 'Balcony with plants and a city view' };
      }
    });
}

/** A decor piece's photos: its picture across a landscape frame, a close-up, and (for some) mirrored on another wall. */
function piecePhotos(band: string, closeUp: string, otherWall?: { from: string; to: string }) {
  return (item: DemoItem) => {
    const name = item.fields.productname!;
    const photos = [
      { svg: wide(item.svg, { view: band, width: DEMO_PIECE_WIDTH }), alt: `${name} in a room` },
      { svg: wide(item.svg, { view: closeUp, width: DEMO_PIECE_WIDTH }), alt: `${name}, close up` },
    ];
    if (otherWall)
      photos.push({
        svg: wide(item.svg.split(otherWall.from).join(otherWall.to), { view: band, mirror: true, width: DEMO_PIECE_WIDTH }),
        alt: `${name} against another wall colour`,
      });
    return photos;
  };
}

const PROJECTS: DemoItem[] = [
  {
    fields: {
      name: 'Lakeside Residency',
      area: 'Whitefield, Bengaluru',
      squareft: '1450',
      dateofcomplition: '15-12-2026',
      sizeofunit: '3 BHK',
      gmaplink: mapSearch('Whitefield, Bengaluru'),
      price: '9500000',
      rera: 'PRM/KA/RERA/1251/446/PR/180523/001724',
      amenities: "Swimming pool, Gym, Clubhouse, Children's play area, Power backup, 24×7 security, Covered parking",
    },
    filename: 'lakeside-residency.png',
    svg: apartmentSvg({ sky: ['#8ec5e8', '#e3f1f8'], wall: '#f2e6d0', trim: '#b5653d', glass: '#5d8fb8', floors: 7, columns: 5, sun: true }),
    photos: homePhotos(PALETTES.lakeside!, { sky: ['#f6b98f', '#fde7d4'], wall: '#f2e6d0', trim: '#b5653d', glass: '#5d8fb8', floors: 7, columns: 5 }, [
      'street',
      'living',
      'bedroom',
      'balcony',
    ]),
    floorPlan: { bedrooms: 3, as: 'image' },
  },
  {
    fields: {
      name: 'Palm Grove Villas',
      area: 'Sarjapur Road, Bengaluru',
      squareft: '2400',
      dateofcomplition: '30-06-2026',
      sizeofunit: '4 BHK villa',
      gmaplink: mapSearch('Sarjapur Road, Bengaluru'),
      price: '24000000',
      rera: 'PRM/KA/RERA/1251/308/PR/190214/002418',
      amenities: 'Private garden, Clubhouse, Tennis court, Jogging track, Power backup, Gated community',
    },
    filename: 'palm-grove-villas.png',
    svg: villaSvg({ sky: ['#f6c48f', '#fbe9d3'], wall: '#fff6e8', roof: '#a4452c', door: '#1d4e89', palms: true }),
    photos: homePhotos(
      PALETTES.palm!,
      { sky: ['#8ec5e8', '#e3f1f8'], wall: '#fff6e8', roof: '#a4452c', door: '#1d4e89', palms: true },
      ['street', 'aerial', 'living', 'kitchen'],
      6,
    ),
    floorPlan: { bedrooms: 4, as: 'pdf' },
  },
  {
    fields: {
      name: 'Baner Heights',
      area: 'Baner, Pune',
      squareft: '1180',
      dateofcomplition: '31-03-2027',
      sizeofunit: '2 BHK',
      gmaplink: mapSearch('Baner, Pune'),
      price: '7800000',
      rera: 'P52100047813',
      amenities: 'Gym, Rooftop garden, Lift, Power backup, Rainwater harvesting, Covered parking',
    },
    filename: 'baner-heights.png',
    svg: apartmentSvg({ sky: ['#a7c7e7', '#eef4fa'], wall: '#dfe6ee', trim: '#13315c', glass: '#7ea3c4', floors: 9, columns: 4 }),
    photos: homePhotos(PALETTES.baner!, { sky: ['#f3a683', '#fde3cf'], wall: '#dfe6ee', trim: '#13315c', glass: '#7ea3c4', floors: 9, columns: 4, sun: true }, [
      'street',
      'livingMirror',
      'kitchen',
    ]),
    floorPlan: { bedrooms: 2, as: 'image', mirror: true },
  },
  {
    fields: {
      name: 'Hinjewadi Greens',
      area: 'Hinjewadi Phase 1, Pune',
      squareft: '980',
      dateofcomplition: '20-09-2025',
      sizeofunit: '2 BHK',
      gmaplink: mapSearch('Hinjewadi Phase 1, Pune'),
      price: '6200000',
      rera: 'P52100021906',
      amenities: "Landscaped garden, Children's play area, Lift, Power backup, Visitor parking",
    },
    filename: 'hinjewadi-greens.png',
    svg: villaSvg({ sky: ['#9fd3c7', '#eaf6f2'], wall: '#f7efe2', roof: '#2f6b4f', door: '#7a4b2a' }),
    photos: homePhotos(PALETTES.hinjewadi!, { sky: ['#f5c28f', '#fdeedd'], wall: '#f7efe2', roof: '#2f6b4f', door: '#7a4b2a' }, [
      'street',
      'bedroom',
      'balcony',
    ]),
    floorPlan: { bedrooms: 2, as: 'pdf' },
  },
  {
    fields: {
      name: 'Worli Seaview',
      area: 'Worli, Mumbai',
      squareft: '2100',
      dateofcomplition: '15-01-2028',
      sizeofunit: '4 BHK',
      gmaplink: mapSearch('Worli Sea Face, Mumbai'),
      price: '55000000',
      rera: 'P51900015342',
      amenities: 'Sea-facing deck, Infinity pool, Gym, Spa, Concierge, Valet parking, Power backup',
    },
    filename: 'worli-seaview.png',
    svg: apartmentSvg({ sky: ['#f3a683', '#fde3cf'], wall: '#f4f1ea', trim: '#0b2545', glass: '#4f7ca6', floors: 10, columns: 5, sun: true, sea: true }),
    photos: homePhotos(
      PALETTES.worli!,
      { sky: ['#8ec5e8', '#e3f1f8'], wall: '#f4f1ea', trim: '#0b2545', glass: '#4f7ca6', floors: 10, columns: 5, sea: true },
      ['street', 'living', 'balcony', 'bedroom', 'aerial'],
      2,
    ),
    floorPlan: { bedrooms: 4, as: 'image' },
  },
  {
    fields: {
      name: 'Powai Crest',
      area: 'Hiranandani, Powai, Mumbai',
      squareft: '1350',
      dateofcomplition: '10-11-2026',
      sizeofunit: '3 BHK',
      gmaplink: '',
      price: '18500000',
      rera: 'P51800030127',
      amenities: 'Swimming pool, Gym, Indoor games, Lift, Power backup, Covered parking',
    },
    filename: 'powai-crest.png',
    svg: apartmentSvg({ sky: ['#b9d7ea', '#f2f7fb'], wall: '#efe3cf', trim: '#8c5a3c', glass: '#6f93b3', floors: 8, columns: 6 }),
    photos: homePhotos(PALETTES.powai!, { sky: ['#1d2b53', '#7e5a9b'], wall: '#efe3cf', trim: '#8c5a3c', glass: '#6f93b3', floors: 8, columns: 6 }, [
      'street',
      'kitchen',
      'living',
      'bedroom',
    ]),
    floorPlan: { bedrooms: 3, as: 'image', mirror: true },
  },
];

const PRODUCTS: DemoItem[] = [
  {
    fields: {
      productname: 'Teak Sofa',
      description: 'Three-seater in solid Nilambur teak with indigo cotton upholstery and handloom cushions.',
      price: '125000',
      tags: 'Living room, Contemporary Indian, Classic',
    },
    filename: 'teak-sofa.png',
    svg: sofaSvg('#1d4e89', '#f4c95d'),
    photos: piecePhotos('0 60 300 200', '40 140 150 100', { from: '#e9e2d6', to: '#d7e3ea' }),
  },
  {
    fields: {
      productname: 'Brass Floor Lamp',
      description: 'Hand-finished Moradabad brass with a linen shade; warm light for reading corners.',
      price: '18500',
      tags: 'Reading corner, Classic, Industrial',
    },
    filename: 'brass-floor-lamp.png',
    svg: floorLampSvg('#f3e3c3'),
    photos: piecePhotos('0 50 300 200', '75 30 150 100'),
  },
  {
    fields: {
      productname: 'Cane Armchair',
      description: 'Woven rattan on a sheesham frame, with a removable mustard seat cushion.',
      price: '24000',
      tags: 'Living room, Boho, Scandinavian',
    },
    filename: 'cane-armchair.png',
    svg: armchairSvg('#d9a766', '#d98e04'),
    photos: piecePhotos('0 60 300 200', '85 90 130 86.7', { from: '#dfe8e1', to: '#f1e0d6' }),
  },
  {
    fields: {
      productname: 'Jaipur Dhurrie Rug',
      description: 'Flat-woven cotton dhurrie, 5 × 8 ft, in indigo and rust block motifs.',
      price: '32000',
      tags: 'Living room, Boho, Contemporary Indian',
    },
    filename: 'jaipur-dhurrie-rug.png',
    svg: rugSvg('#1d4e89', '#d8643a', '#f3e6cc'),
    photos: piecePhotos('0 70 300 200', '60 140 120 80'),
  },
  {
    fields: {
      productname: 'Terracotta Planter',
      description: 'Kiln-fired terracotta from Khurja, 14 inch, with a drainage saucer.',
      price: '3200',
      tags: 'Balcony, Boho, Modern minimal',
    },
    filename: 'terracotta-planter.png',
    svg: planterSvg('#c0643b'),
    photos: piecePhotos('0 70 300 200', '90 160 120 80', { from: '#f1e7da', to: '#dfe8e1' }),
  },
  {
    fields: {
      productname: 'Sheesham Wall Clock',
      description: 'Silent sweep movement in a carved sheesham wood frame, 16 inch.',
      price: '6800',
      tags: 'Bedroom, Scandinavian, Modern minimal',
    },
    filename: 'sheesham-wall-clock.png',
    svg: wallClockSvg('#7a4b2a'),
    photos: piecePhotos('0 30 300 200', '40 40 210 140'),
  },
];

const STUDIOS: DemoItem[] = [
  {
    fields: {
      title: 'Indiranagar Studio',
      address: '680, 100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru 560038',
      gmaplink: mapSearch('100 Feet Road, Indiranagar, Bengaluru'),
    },
    filename: 'indiranagar-studio.png',
    svg: storefrontSvg({ sky: ['#9cc9e8', '#e8f3fa'], wall: '#f2e8d8', awning: ['#1d4e89', '#ffffff'], door: '#13315c' }),
  },
  {
    fields: {
      title: 'Koregaon Park Studio',
      address: 'Lane 6, North Main Road, Koregaon Park, Pune 411001',
      gmaplink: mapSearch('Lane 6, Koregaon Park, Pune'),
    },
    filename: 'koregaon-park-studio.png',
    svg: storefrontSvg({ sky: ['#f5c28f', '#fdeedd'], wall: '#e9dccb', awning: ['#2f6b4f', '#f7f1e6'], door: '#5a3a22' }),
  },
  {
    fields: { title: 'Bandra Studio', address: '24 Hill Road, Bandra West, Mumbai 400050', gmaplink: mapSearch('Hill Road, Bandra West, Mumbai') },
    filename: 'bandra-studio.png',
    svg: storefrontSvg({ sky: ['#b7d3ea', '#eef5fb'], wall: '#f6efe6', awning: ['#b3261e', '#fff5ea'], door: '#0b2545' }),
  },
];

const DEMO: Record<ListingKind, DemoItem[]> = { project: PROJECTS, product: PRODUCTS, studio: STUDIOS };

/** A drawing as the PNG an upload would be (fast compression: it is decoded again at once). */
const rasterise = async (svg: string) => (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 2 }).toBuffer();

/**
 * The demo listings' Hindi names and descriptions, by their English name: the Hindi
 * pages show them; a listing missing here would show its English text.
 */
const HINDI: Record<string, Record<string, string>> = {
  'Lakeside Residency': { nameHi: 'लेकसाइड रेजीडेंसी' },
  'Palm Grove Villas': { nameHi: 'पाम ग्रोव विला' },
  'Baner Heights': { nameHi: 'बानेर हाइट्स' },
  'Hinjewadi Greens': { nameHi: 'हिंजवडी ग्रीन्स' },
  'Worli Seaview': { nameHi: 'वर्ली सीव्यू' },
  'Powai Crest': { nameHi: 'पवई क्रेस्ट' },
  'Teak Sofa': { productnameHi: 'सागौन सोफ़ा', descriptionHi: 'ठोस नीलांबुर सागौन का तीन सीटों वाला सोफ़ा, नील रंग के सूती कपड़े और हथकरघा कुशन के साथ।' },
  'Brass Floor Lamp': { productnameHi: 'पीतल का फ़्लोर लैंप', descriptionHi: 'हाथ से तराशा मुरादाबादी पीतल, लिनन की शेड के साथ; पढ़ने के कोने के लिए गर्म रोशनी।' },
  'Cane Armchair': { productnameHi: 'बेंत की आरामकुर्सी', descriptionHi: 'शीशम के फ़्रेम पर बुना रतन, सरसों रंग की हटाई जा सकने वाली गद्दी के साथ।' },
  'Jaipur Dhurrie Rug': { productnameHi: 'जयपुरी दरी', descriptionHi: 'सपाट बुनी सूती दरी, 5 × 8 फ़ुट, नील और कत्थई ठप्पा छपाई के नमूनों में।' },
  'Terracotta Planter': { productnameHi: 'टेराकोटा गमला', descriptionHi: 'खुर्जा की भट्ठी में पकी टेराकोटा, 14 इंच, पानी निकलने की तश्तरी के साथ।' },
  'Sheesham Wall Clock': { productnameHi: 'शीशम की दीवार घड़ी', descriptionHi: 'नक्काशीदार शीशम की लकड़ी के फ़्रेम में बिना आवाज़ चलने वाली घड़ी, 16 इंच।' },
  'Indiranagar Studio': { titleHi: 'इंदिरानगर स्टूडियो' },
  'Koregaon Park Studio': { titleHi: 'कोरेगांव पार्क स्टूडियो' },
  'Bandra Studio': { titleHi: 'बांद्रा स्टूडियो' },
};

/**
 * Demo homes, decor and studios with illustrations drawn at seed time, stored through the same
 * validation and image pipeline as a staff upload, with their photos and floor plans. A
 * kind that already has records is left alone, so running it on every start adds nothing twice and
 * never mixes with real content. The photos of a kind are drawn and encoded together (media bounds
 * how many encodes run at once), then attached to each listing as staff would.
 */
export async function seedDemoListings(db: Kysely<Database>): Promise<void> {
  for (const kind of Object.keys(DEMO) as ListingKind[]) {
    const spec = listingKinds[kind];
    if ((await countListings(db, spec.table)) > 0) continue;
    // Added last to first, so the lists (newest first) show them in the order written above.
    const items = [...DEMO[kind]].reverse();
    const photos = Promise.all(
      items.map((item) =>
        Promise.all(
          (item.photos?.(item) ?? []).map(async (photo) => {
            const bytes = await rasterise(photo.svg);
            return { bytes, alt: photo.alt, prepared: await preparePhoto(bytes) };
          }),
        ),
      ),
    );
    // Whatever fails in there is reported once, by the await below.
    photos.catch(() => undefined);
    const ids: string[] = [];
    for (const item of items) {
      const bytes = await rasterise(item.svg);
      ids.push(
        await addItem(
          db,
          spec,
          {
            fields: { ...item.fields, ...HINDI[item.fields.name ?? item.fields.productname ?? item.fields.title ?? ''], filename: item.filename },
            file: { bytes, filename: item.filename },
          },
          null,
        ),
      );
    }
    const uploads = await photos;
    for (const [i, item] of items.entries()) {
      if (uploads[i]!.length > 0) await addPhotos(db, spec, ids[i]!, uploads[i]!, null);
      if (item.floorPlan) await setFloorPlan(db, spec, ids[i]!, await demoFloorPlan(item, item.floorPlan), null);
    }
  }
}

async function demoFloorPlan(item: DemoItem, plan: NonNullable<DemoItem['floorPlan']>): Promise<{ bytes: Buffer; filename: string }> {
  const name = item.fields.name!;
  const layout = layoutFor(plan.bedrooms, plan.mirror ? 1 : 0);
  const base = `${item.filename.replace(/\.[^.]*$/, '')}-floor-plan`;
  if (plan.as === 'pdf') return { bytes: floorPlanPdf(layout, `${name}: ${plan.bedrooms} BHK typical floor plan`), filename: `${base}.pdf` };
  return { bytes: await rasterise(floorPlanSvg(layout, PALETTES.lakeside!)), filename: `${base}.png` };
}

export interface DemoListing {
  kind: ListingKind;
  id: string;
  name: string;
}

/**
 * The demo listings still there: a record is demo when both its name and its picture's file name
 * are a seeded one's (an owner who renamed it or changed its picture has made it their own).
 */
export async function findDemoListings(db: Kysely<Database>): Promise<DemoListing[]> {
  const found: DemoListing[] = [];
  for (const kind of Object.keys(DEMO) as ListingKind[]) {
    const seeded = new Set(DEMO[kind].map((item) => `${item.fields.name ?? item.fields.productname ?? item.fields.title}\u0000${item.filename}`));
    for (const item of await listItems(db, listingKinds[kind])) {
      const fields = item as unknown as Record<string, unknown>;
      const name = String(fields.name ?? fields.productname ?? fields.title ?? '');
      if (seeded.has(`${name}\u0000${item.filename}`)) found.push({ kind, id: item._id, name });
    }
  }
  return found;
}

/** Deletes a demo listing the way staff would (its picture, photos and floor plan go with it). */
export function deleteDemoListing(db: Kysely<Database>, listing: DemoListing, actor: AuditActor): Promise<void> {
  return deleteItem(db, listingKinds[listing.kind], listing.id, actor);
}
