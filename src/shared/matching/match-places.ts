/**
 * What the matching rules know about places and kinds of home: data, not rules. A
 * locality names its city, so a home in the right city but another locality can be offered as
 * "nearest", and a home in another city is never a fit. Add a city or a locality here, in the
 * spelling a visitor would choose; other spellings of a city go in `aliases`.
 */
export interface CityPlaces {
  city: string;
  aliases: readonly string[];
  localities: readonly string[];
}

export const CITIES: readonly CityPlaces[] = [
  {
    city: 'Bengaluru',
    aliases: ['Bangalore', 'Bengaluru Urban'],
    localities: [
      'Indiranagar',
      'Koramangala',
      'HSR Layout',
      'Whitefield',
      'Jayanagar',
      'Hebbal',
      'Sarjapur Road',
      'Electronic City',
      'JP Nagar',
      'BTM Layout',
      'Marathahalli',
      'Bellandur',
      'Yelahanka',
      'Malleshwaram',
      'Rajajinagar',
      'Banashankari',
      'Hennur',
      'Frazer Town',
      'Bannerghatta Road',
      'Devanahalli',
    ],
  },
  {
    city: 'Mumbai',
    aliases: ['Bombay'],
    localities: ['Worli', 'Powai', 'Hiranandani', 'Bandra', 'Andheri', 'Juhu', 'Lower Parel', 'Goregaon', 'Malad', 'Chembur', 'Thane', 'Colaba', 'Dadar'],
  },
  {
    city: 'Pune',
    aliases: ['Poona'],
    localities: ['Baner', 'Hinjewadi', 'Koregaon Park', 'Kharadi', 'Wakad', 'Viman Nagar', 'Hadapsar', 'Aundh', 'Magarpatta', 'Kalyani Nagar'],
  },
  { city: 'Chennai', aliases: ['Madras'], localities: ['Anna Nagar', 'Adyar', 'Velachery', 'OMR', 'T Nagar'] },
  { city: 'Hyderabad', aliases: [], localities: ['Gachibowli', 'HITEC City', 'Kondapur', 'Banjara Hills', 'Jubilee Hills'] },
  { city: 'Delhi', aliases: ['New Delhi'], localities: ['Vasant Kunj', 'Dwarka', 'Saket'] },
  { city: 'Gurugram', aliases: ['Gurgaon'], localities: ['Golf Course Road', 'Sohna Road'] },
  { city: 'Kochi', aliases: ['Cochin'], localities: ['Kakkanad', 'Edappally'] },
];

/**
 * The kinds of home a visitor chooses from, each with the words that name it in a listing's unit
 * size or name ("4 BHK villa", "Palm Grove Villas"). The first kind whose word a listing names is
 * its kind; a listing that names none is an apartment (a flat given only as "3 BHK").
 */
export type HomeKind = 'penthouse' | 'villa' | 'plot' | 'independent-house' | 'apartment';

/** A kind of home and the words that name it; how a sentence names it is the catalogues' (`matches.kind.*`, `matches.aKind.*`). */
export interface PropertyKind {
  kind: HomeKind;
  words: readonly string[];
}

export const PROPERTY_KINDS: readonly PropertyKind[] = [
  { kind: 'penthouse', words: ['penthouse', 'penthouses'] },
  { kind: 'villa', words: ['villa', 'villas', 'bungalow', 'bungalows', 'row house', 'row houses'] },
  { kind: 'plot', words: ['plot', 'plots'] },
  { kind: 'independent-house', words: ['independent house', 'independent houses', 'house', 'houses'] },
  { kind: 'apartment', words: ['apartment', 'apartments', 'flat', 'flats', 'condominium', 'studio'] },
];

export const DEFAULT_PROPERTY_KIND: HomeKind = 'apartment';

export const isHomeKind = (value: unknown): value is HomeKind => PROPERTY_KINDS.some((k) => k.kind === value);

/**
 * The city a free text names ("Whitefield, Bengaluru", "Bandra Studio", "Koregaon Park"): by the
 * city's name or alias, else by one of its localities, as whole words; null when it names none.
 */
export function cityNamedIn(text: string): string | null {
  const folded = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  const has = (name: string) =>
    folded.includes(
      ` ${name
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()} `,
    );
  return CITIES.find((c) => has(c.city) || c.aliases.some(has))?.city ?? CITIES.find((c) => c.localities.some(has))?.city ?? null;
}
