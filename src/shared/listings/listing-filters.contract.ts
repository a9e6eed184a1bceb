import { z } from 'zod';
import type { ProductChoices, ProjectChoices } from './listing-filters';

/** What GET /api/{project,product}/choices answer (the server's response schemas; the pages name them by type). */
const range = z.object({ min: z.number(), max: z.number() }).nullable();

export const projectChoicesSchema = z.object({
  localities: z.array(z.string()),
  bhk: z.array(z.number().int()),
  sqft: range,
  price: range,
}) satisfies z.ZodType<ProjectChoices>;

export const productChoicesSchema = z.object({
  tags: z.array(z.string()),
  price: range,
}) satisfies z.ZodType<ProductChoices>;

/**
 * The list calls' query parameters, for the API description only: the route reads them with
 * `parseFilters` (listing-filters.ts), which answers a person's message for each it cannot use.
 */
const param = (description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(description);

export const projectListQuery = z.object({
  locality: param("A home's area, as GET /api/project/choices lists them."),
  bhk: param('Bedrooms (1 to 20), from the unit size ("3 BHK").'),
  minSqft: param('Smallest size, sq. ft.'),
  maxSqft: param('Largest size, sq. ft.'),
  readyBy: param("completed, 6m, 12m or later (against today in the studio's time zone)."),
  minPrice: param('Lowest price, whole rupees (homes without a price do not match a price range).'),
  maxPrice: param('Highest price, whole rupees.'),
  sort: param('newest (the default), price, -price or size.'),
});

export const productListQuery = z.object({
  minPrice: param('Lowest price, whole rupees.'),
  maxPrice: param('Highest price, whole rupees.'),
  tag: param('One tag, any letter case.'),
  q: param('Words that must all appear in the name, description or tags.'),
  sort: param('newest (the default), price or -price.'),
});
