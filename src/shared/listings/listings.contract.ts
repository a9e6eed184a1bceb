import { z } from 'zod';
import { messageAnswer } from '../api-answer';
import { safeText } from '../text-schema';
import { listingFile, listingPhoto } from './listing-photos';
import { parseListingDate } from './listing-dates';

/**
 * Listings: projects (homes), products (decor) and studio records. One schema family per kind, built
 * on the primitives below, used by the staff forms and by the API (SPEC.md §3, §5). The odd field
 * spellings (`dateofcomplition`, `squareft`, …) are the contract.
 */

export const LISTING_KINDS = ['project', 'product', 'studio'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const NAME_MAX = 20;
export const NAME_TOO_LONG = 'Value should be less than 20 character';
/** Dates travel as the staff entered them (SPEC.md §5). */
export const DATE_FORMAT = 'DD-MM-YYYY';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
/** SPEC.md §9: every stored image is a 300×300 JPEG at quality 100. */
export const IMAGE_SIZE = 300;

/** Missing, blank or not text → `required`; otherwise trimmed and at most `max` characters. */
function text(required: string, max: number, tooLong: string) {
  return safeText({ message: required }).trim().min(1, required).max(max, tooLong);
}

/** Hindi names may run longer than English ones (Devanagari's vowel signs are characters of their own). */
export const HINDI_NAME_MAX = 60;

/**
 * A Hindi version of a text: optional; missing or blank is none (null), and the Hindi
 * pages then show the English text. Otherwise trimmed, at most `max` characters.
 */
function hindiText(max: number, tooLong: string) {
  return z.preprocess(
    (value) => (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value),
    safeText().trim().max(max, tooLong).nullable(),
  );
}

/** A listing's title: 1 to 20 characters. */
function title(required: string) {
  return text(required, NAME_MAX, NAME_TOO_LONG);
}

/**
 * A non-negative number. Multipart forms and the staff form send text as typed (never clamped, so
 * -3 is refused, not saved as 0): blank and missing are "required"; anything but a plain decimal is
 * not a number.
 */
function amount(required: string, negative: string, max: number, tooBig: string) {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined) return undefined;
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      if (trimmed === '') return undefined;
      return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    },
    // SPEC.md §5: "required number" — missing and not-a-number share the specification's message.
    z.number({ message: required }).min(0, negative).max(max, tooBig),
  );
}

/** Prices are whole rupees: a price typed with paise (14999.5) is kept rounded. */
export const wholeRupees = (rupees: number): number => Math.round(rupees);

/** Optional: blank or missing is none (null); otherwise as `amount`, `notANumber` for anything else. */
function optionalAmount(notANumber: string, negative: string, max: number, tooBig: string) {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined) return null;
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      if (trimmed === '') return null;
      return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    },
    z.number({ message: notANumber }).min(0, negative).max(max, tooBig).nullable(),
  );
}

export const TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 30;

/** Comma-separated tags ("Living room, Boho") → trimmed, distinct, non-empty. */
export function parseTags(value: unknown): string[] {
  if (Array.isArray(value)) return parseTags(value.join(','));
  if (typeof value !== 'string') return [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of value.split(',')) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

const tagList = z.preprocess(
  parseTags,
  z.array(safeText().max(TAG_MAX_LENGTH, `Each tag can be at most ${TAG_MAX_LENGTH} characters.`)).max(TAGS_MAX, `At most ${TAGS_MAX} tags.`),
);

export const AMENITIES_MAX = 30;
export const AMENITY_MAX_LENGTH = 40;

/** Amenities ("Gym, Swimming pool, Power backup"), sent comma-separated like tags. */
const amenityList = z.preprocess(
  parseTags,
  z
    .array(safeText().max(AMENITY_MAX_LENGTH, `Each amenity can be at most ${AMENITY_MAX_LENGTH} characters.`))
    .max(AMENITIES_MAX, `At most ${AMENITIES_MAX} amenities.`),
);

/**
 * A project's RERA registration number as the state authority issues it (MahaRERA `P52100012345`,
 * Karnataka `PRM/KA/RERA/1251/446/PR/171031/000743`, …): capitals, digits and the separators `/ - .`,
 * with at least four digits. Optional: blank is none (kept as empty text, like a map link).
 */
export const RERA_INVALID =
  'Please enter the RERA registration number as the state authority issued it, for example P52100012345 or PRM/KA/RERA/1251/446/PR/171031/000743.';
export const RERA_PATTERN = /^(?=(?:[^0-9]*[0-9]){4})[A-Z0-9](?:[A-Z0-9/.-]{2,58})[A-Z0-9]$/;
const reraNumber = z.preprocess(
  (value) => (value === null || value === undefined ? '' : typeof value === 'string' ? value.trim().toUpperCase() : value),
  safeText({ message: RERA_INVALID }).refine((value) => value === '' || RERA_PATTERN.test(value), RERA_INVALID),
);

export { parseListingDate };

export const INVALID_DATE = 'Please enter a real date as DD-MM-YYYY.';

/** YYYY-MM-DD → DD-MM-YYYY. */
export function formatListingDate(isoDate: string): string {
  const [yyyy, mm, dd] = isoDate.split('-');
  return `${dd}-${mm}-${yyyy}`;
}

const completionDate = safeText({ message: 'Please select time!' })
  .trim()
  .min(1, 'Please select time!')
  .refine((value) => parseListingDate(value) !== null, INVALID_DATE);

export const INVALID_LINK = 'Please enter a web link starting with http:// or https://.';
const LINK_MAX = 2000;

function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A map link is shown as a link on public pages: only http(s), so no `javascript:` ever reaches one. */
function webLink(required: string) {
  return safeText({ message: required }).trim().min(1, required).max(LINK_MAX, 'The link is too long.').refine(isWebLink, INVALID_LINK);
}

/** Optional for projects: missing or blank is stored as empty (SPEC.md §5). */
const optionalWebLink = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  safeText({ message: INVALID_LINK })
    .trim()
    .max(LINK_MAX, 'The link is too long.')
    .refine((value) => value === '' || isWebLink(value), INVALID_LINK),
);

/** The name of the uploaded file as the client gave it; informational only. */
const filename = z.preprocess((value) => (typeof value === 'string' ? value.trim().slice(0, 255) : ''), safeText());

function recordId(message: string) {
  return safeText({ message }).trim().min(1, message).max(100, message);
}

/**
 * A kind's fields as the API sends them back: plain types, no parsing rules (response schemas, for
 * the serializer and the OpenAPI document). `satisfies` ties them to the kind's fields: one missing
 * here, one that is not a field, or a type the field's value is not (a string for a number) is a
 * type error.
 */
type ItemFieldsOf<F> = { [K in keyof F]-?: z.ZodType<F[K]> };
/** What every listing item carries besides its fields: its id, its image URL and the uploaded file's name. */
const itemCommon = {
  _id: z.string(),
  /** URL of the stored 300×300 JPEG. */
  image: z.string(),
  filename: z.string(),
  /** When staff added the listing and last changed it (ISO 8601, UTC): share cards and the sitemap. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The listing's photos besides the image, cover first; URLs from `listing-photos.ts`. */
  photos: z.array(listingPhoto),
};

// Projects (homes)

export const PROJECT_NOT_FOUND = 'project id not found';

export const projectFields = z.object({
  name: title('Please select project name!'),
  area: text('Please select area!', 100, 'Area should be at most 100 characters'),
  squareft: amount('Please select sq. Feet!', 'Sq. feet cannot be negative', 10_000_000, 'Sq. feet is too large'),
  dateofcomplition: completionDate,
  sizeofunit: text('Please select size of unit!', 50, 'Size of unit should be at most 50 characters'),
  gmaplink: optionalWebLink,
  /** Optional, in rupees: used to match homes to a visitor's budget. */
  price: optionalAmount('Please enter the price as a number of rupees.', 'Price cannot be negative', 1_000_000_000_000, 'Price is too large').transform(
    (rupees) => (rupees === null ? null : wholeRupees(rupees)),
  ),
  /** Optional RERA registration number; empty when there is none. */
  rera: reraNumber,
  /** Amenities, in the order staff typed them. */
  amenities: amenityList,
  /** Optional Hindi name; null when none. */
  nameHi: hindiText(HINDI_NAME_MAX, `Hindi name should be at most ${HINDI_NAME_MAX} characters`),
});
export const newProject = projectFields.extend({ filename });
export const projectUpdate = newProject.extend({ projectId: recordId(PROJECT_NOT_FOUND) });
export type ProjectFields = z.output<typeof projectFields>;
export const projectItem = z.object({
  ...itemCommon,
  ...({
    name: z.string(),
    area: z.string(),
    squareft: z.number(),
    /** DD-MM-YYYY, as entered. */
    dateofcomplition: z.string(),
    sizeofunit: z.string(),
    /** Empty when the project has no map link. */
    gmaplink: z.string(),
    price: z.number().nullable(),
    /** Empty when the project has none. */
    rera: z.string(),
    amenities: z.array(z.string()),
    /** Null when the project has no Hindi name. */
    nameHi: z.string().nullable(),
  } satisfies ItemFieldsOf<ProjectFields>),
  /** The floor plan (an image or a PDF), or null. */
  floorPlan: listingFile.nullable(),
});
export type Project = z.output<typeof projectItem>;

// Products (decor)

export const PRODUCT_NOT_FOUND = 'product id not found';

export const productFields = z.object({
  productname: title('Please select product name!'),
  description: text('Please select description!', 1000, 'Description should be at most 1000 characters'),
  price: amount('Please select price!', 'Price cannot be negative', 1_000_000_000_000, 'Price is too large').transform(wholeRupees),
  /** Optional tags ("Living room, Boho"), sent comma-separated. */
  tags: tagList,
  /** Optional Hindi name and description; null when none. */
  productnameHi: hindiText(HINDI_NAME_MAX, `Hindi name should be at most ${HINDI_NAME_MAX} characters`),
  descriptionHi: hindiText(1000, 'Hindi description should be at most 1000 characters'),
});
export const newProduct = productFields.extend({ filename });
export const productUpdate = newProduct.extend({ productId: recordId(PRODUCT_NOT_FOUND) });
export type ProductFields = z.output<typeof productFields>;
export const productItem = z.object({
  ...itemCommon,
  ...({
    productname: z.string(),
    description: z.string(),
    price: z.number(),
    tags: z.array(z.string()),
    productnameHi: z.string().nullable(),
    descriptionHi: z.string().nullable(),
  } satisfies ItemFieldsOf<ProductFields>),
});
export type Product = z.output<typeof productItem>;

// Studio records

export const STUDIO_NOT_FOUND = 'record id not found';

export const studioFields = z.object({
  title: title('Please enter title!'),
  address: text('Please select address!', 300, 'Address should be at most 300 characters'),
  gmaplink: webLink('Please select google map link!'),
  /** Optional Hindi title; null when none. */
  titleHi: hindiText(HINDI_NAME_MAX, `Hindi title should be at most ${HINDI_NAME_MAX} characters`),
});
export const newStudio = studioFields.extend({ filename });
export const studioUpdate = newStudio.extend({ recordId: recordId(STUDIO_NOT_FOUND) });
export type StudioFields = z.output<typeof studioFields>;
export const studioItem = z.object({
  ...itemCommon,
  ...({ title: z.string(), address: z.string(), gmaplink: z.string(), titleHi: z.string().nullable() } satisfies ItemFieldsOf<StudioFields>),
});
export type Studio = z.output<typeof studioItem>;

/** What each kind calls its id on update and says when that id is unknown (SPEC.md §3, §8). */
export const listingIds = {
  project: { idField: 'projectId', notFound: PROJECT_NOT_FOUND },
  product: { idField: 'productId', notFound: PRODUCT_NOT_FOUND },
  studio: { idField: 'recordId', notFound: STUDIO_NOT_FOUND },
} as const satisfies Record<ListingKind, { idField: string; notFound: string }>;

export const IMAGE_REQUIRED = 'Please select an image!';
export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG or WebP).';

/** Each kind's form fields (the zod object, whose order the API's items keep) and its item as the API sends it. */
export const listingSchemas: { [K in ListingKind]: { fields: z.ZodObject & z.ZodType<ListingFields[K]>; item: z.ZodType<ListingItems[K]> } } = {
  project: { fields: projectFields, item: projectItem },
  product: { fields: productFields, item: productItem },
  studio: { fields: studioFields, item: studioItem },
};

export interface ListingFields {
  project: ProjectFields;
  product: ProductFields;
  studio: StudioFields;
}

export interface ListingItems {
  project: Project;
  product: Product;
  studio: Studio;
}

/** POST /api/{kind}/add and /update answer the record's id. */
export const listingSavedSchema = messageAnswer.extend({ _id: z.string() });
export type ListingSaved = z.infer<typeof listingSavedSchema>;
