import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { ListingKind } from '#shared/listings/listings.contract';
import type { Database } from '#server/db/schema';
import {
  apartmentSvg,
  armchairSvg,
  floorLampSvg,
  planterSvg,
  rugSvg,
  sofaSvg,
  storefrontSvg,
  villaSvg,
  wallClockSvg,
} from './demo-illustrations';
import { listingKinds } from './listing-kinds';
import { countListings } from './listings.repository';
import { addItem } from './listings.service';

const mapSearch = (place: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;

interface DemoItem {
  fields: Record<string, string>;
  /** File name the picture is stored under, as an upload would carry. */
  filename: string;
  svg: string;
}

const PROJECTS: DemoItem[] = [
  {
    fields: { name: 'Lakeside Residency', area: 'Whitefield, Bengaluru', squareft: '1450', dateofcomplition: '15-12-2026', sizeofunit: '3 BHK', gmaplink: mapSearch('Whitefield, Bengaluru'), price: '9500000', rera: 'PRM/KA/RERA/1251/446/PR/180523/001724', amenities: "Swimming pool, Gym, Clubhouse, Children's play area, Power backup, 24×7 security, Covered parking" },
    filename: 'lakeside-residency.png',
    svg: apartmentSvg({ sky: ['#8ec5e8', '#e3f1f8'], wall: '#f2e6d0', trim: '#b5653d', glass: '#5d8fb8', floors: 7, columns: 5, sun: true }),
  },
  {
    fields: { name: 'Palm Grove Villas', area: 'Sarjapur Road, Bengaluru', squareft: '2400', dateofcomplition: '30-06-2026', sizeofunit: '4 BHK villa', gmaplink: mapSearch('Sarjapur Road, Bengaluru'), price: '24000000', rera: 'PRM/KA/RERA/1251/308/PR/190214/002418', amenities: 'Private garden, Clubhouse, Tennis court, Jogging track, Power backup, Gated community' },
    filename: 'palm-grove-villas.png',
    svg: villaSvg({ sky: ['#f6c48f', '#fbe9d3'], wall: '#fff6e8', roof: '#a4452c', door: '#1d4e89', palms: true }),
  },
  {
    fields: { name: 'Baner Heights', area: 'Baner, Pune', squareft: '1180', dateofcomplition: '31-03-2027', sizeofunit: '2 BHK', gmaplink: mapSearch('Baner, Pune'), price: '7800000', rera: 'P52100047813', amenities: 'Gym, Rooftop garden, Lift, Power backup, Rainwater harvesting, Covered parking' },
    filename: 'baner-heights.png',
    svg: apartmentSvg({ sky: ['#a7c7e7', '#eef4fa'], wall: '#dfe6ee', trim: '#13315c', glass: '#7ea3c4', floors: 9, columns: 4 }),
  },
  {
    fields: { name: 'Hinjewadi Greens', area: 'Hinjewadi Phase 1, Pune', squareft: '980', dateofcomplition: '20-09-2025', sizeofunit: '2 BHK', gmaplink: mapSearch('Hinjewadi Phase 1, Pune'), price: '6200000', rera: 'P52100021906', amenities: "Landscaped garden, Children's play area, Lift, Power backup, Visitor parking" },
    filename: 'hinjewadi-greens.png',
    svg: villaSvg({ sky: ['#9fd3c7', '#eaf6f2'], wall: '#f7efe2', roof: '#2f6b4f', door: '#7a4b2a' }),
  },
  {
    fields: { name: 'Worli Seaview', area: 'Worli, Mumbai', squareft: '2100', dateofcomplition: '15-01-2028', sizeofunit: '4 BHK', gmaplink: mapSearch('Worli Sea Face, Mumbai'), price: '55000000', rera: 'P51900015342', amenities: 'Sea-facing deck, Infinity pool, Gym, Spa, Concierge, Valet parking, Power backup' },
    filename: 'worli-seaview.png',
    svg: apartmentSvg({ sky: ['#f3a683', '#fde3cf'], wall: '#f4f1ea', trim: '#0b2545', glass: '#4f7ca6', floors: 10, columns: 5, sun: true, sea: true }),
  },
  {
    fields: { name: 'Powai Crest', area: 'Hiranandani, Powai, Mumbai', squareft: '1350', dateofcomplition: '10-11-2026', sizeofunit: '3 BHK', gmaplink: '', price: '18500000', rera: 'P51800030127', amenities: 'Swimming pool, Gym, Indoor games, Lift, Power backup, Covered parking' },
    filename: 'powai-crest.png',
    svg: apartmentSvg({ sky: ['#b9d7ea', '#f2f7fb'], wall: '#efe3cf', trim: '#8c5a3c', glass: '#6f93b3', floors: 8, columns: 6 }),
  },
];

const PRODUCTS: DemoItem[] = [
  {
    fields: { productname: 'Teak Sofa', description: 'Three-seater in solid Nilambur teak with indigo cotton upholstery and handloom cushions.', price: '125000', tags: 'Living room, Contemporary Indian, Classic' },
    filename: 'teak-sofa.png',
    svg: sofaSvg('#1d4e89', '#f4c95d'),
  },
  {
    fields: { productname: 'Brass Floor Lamp', description: 'Hand-finished Moradabad brass with a linen shade; warm light for reading corners.', price: '18500', tags: 'Reading corner, Classic, Industrial' },
    filename: 'brass-floor-lamp.png',
    svg: floorLampSvg('#f3e3c3'),
  },
  {
    fields: { productname: 'Cane Armchair', description: 'Woven rattan on a sheesham frame, with a removable mustard seat cushion.', price: '24000', tags: 'Living room, Boho, Scandinavian' },
    filename: 'cane-armchair.png',
    svg: armchairSvg('#d9a766', '#d98e04'),
  },
  {
    fields: { productname: 'Jaipur Dhurrie Rug', description: 'Flat-woven cotton dhurrie, 5 × 8 ft, in indigo and rust block motifs.', price: '32000', tags: 'Living room, Boho, Contemporary Indian' },
    filename: 'jaipur-dhurrie-rug.png',
    svg: rugSvg('#1d4e89', '#d8643a', '#f3e6cc'),
  },
  {
    fields: { productname: 'Terracotta Planter', description: 'Kiln-fired terracotta from Khurja, 14 inch, with a drainage saucer.', price: '3200', tags: 'Balcony, Boho, Modern minimal' },
    filename: 'terracotta-planter.png',
    svg: planterSvg('#c0643b'),
  },
  {
    fields: { productname: 'Sheesham Wall Clock', description: 'Silent sweep movement in a carved sheesham wood frame, 16 inch.', price: '6800', tags: 'Bedroom, Scandinavian, Modern minimal' },
    filename: 'sheesham-wall-clock.png',
    svg: wallClockSvg('#7a4b2a'),
  },
];

const STUDIOS: DemoItem[] = [
  {
    fields: { title: 'Indiranagar Studio', address: '680, 100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru 560038', gmaplink: mapSearch('100 Feet Road, Indiranagar, Bengaluru') },
    filename: 'indiranagar-studio.png',
    svg: storefrontSvg({ sky: ['#9cc9e8', '#e8f3fa'], wall: '#f2e8d8', awning: ['#1d4e89', '#ffffff'], door: '#13315c' }),
  },
  {
    fields: { title: 'Koregaon Park Studio', address: 'Lane 6, North Main Road, Koregaon Park, Pune 411001', gmaplink: mapSearch('Lane 6, Koregaon Park, Pune') },
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

/**
 * Demo homes, decor and studios with illustrations drawn at seed time, stored through the same
 * validation and image pipeline as a staff upload. A kind that already has records is left alone,
 * so running it on every start adds nothing twice and never mixes with real content.
 */
export async function seedDemoListings(db: Kysely<Database>): Promise<void> {
  for (const kind of Object.keys(DEMO) as ListingKind[]) {
    const spec = listingKinds[kind];
    if ((await countListings(db, spec.table)) > 0) continue;
    // Added last to first, so the lists (newest first) show them in the order written above.
    for (const item of [...DEMO[kind]].reverse()) {
      const bytes = await sharp(Buffer.from(item.svg)).png().toBuffer();
      await addItem(db, spec, { fields: { ...item.fields, filename: item.filename }, file: { bytes, filename: item.filename } }, null);
    }
  }
}
