import { parseListingDate } from '#shared/listings/listing-dates';
import type { Product, Project } from '#shared/listings/listings.contract';
import { productPagePath, projectPagePath } from '#shared/paths';
import type { SiteContext } from './site-settings';

/** The studio as a schema.org LocalBusiness (on every public page). */
export function localBusiness(site: SiteContext) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${site.origin}/#studio`,
    name: site.name,
    url: `${site.origin}/`,
    logo: `${site.origin}/favicon.svg`,
    image: `${site.origin}/favicon.svg`,
    telephone: site.phone,
    email: site.email,
    address: { '@type': 'PostalAddress', streetAddress: site.address, addressCountry: 'IN' },
    hasMap: site.mapUrl,
    sameAs: Object.values(site.social),
  };
}

/** A schema.org ItemList of the items, in page order. */
function itemList<T>(items: T[], item: (value: T) => object) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: items.map((value, i) => ({ '@type': 'ListItem', position: i + 1, item: item(value) })),
  };
}

/** Each project as a RealEstateListing whose subject is the residence. */
export function projectListings(site: SiteContext, projects: Project[]) {
  return itemList(projects, (project) => ({
    '@type': 'RealEstateListing',
    name: project.name,
    url: `${site.origin}${projectPagePath(project._id)}`,
    image: new URL(project.image, site.origin).href,
    offers: { '@type': 'Offer', seller: { '@id': `${site.origin}/#studio` }, availability: 'https://schema.org/PreOrder' },
    about: {
      '@type': 'Residence',
      name: project.name,
      address: { '@type': 'PostalAddress', addressLocality: project.area, addressCountry: 'IN' },
      floorSize: { '@type': 'QuantitativeValue', value: project.squareft, unitCode: 'FTK' },
      description: `${project.sizeofunit}, ready ${project.dateofcomplition}`,
      ...(project.gmaplink ? { hasMap: project.gmaplink } : {}),
    },
  }));
}

/** Each decor product as a Product with an Offer in rupees. */
export function productOffers(site: SiteContext, products: Product[]) {
  return itemList(products, (product) => ({
    '@type': 'Product',
    name: product.productname,
    description: product.description,
    image: new URL(product.image, site.origin).href,
    url: `${site.origin}${productPagePath(product._id)}`,
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      seller: { '@id': `${site.origin}/#studio` },
    },
  }));
}

/** True when a home's completion date (DD-MM-YYYY) has passed: it can be moved into. */
export function isReady(project: Pick<Project, 'dateofcomplition'>, today = new Date()): boolean {
  const iso = parseListingDate(project.dateofcomplition);
  return iso !== null && iso <= today.toISOString().slice(0, 10);
}

/**
 * One home's page as a schema.org RealEstateListing: the listing (name, description, its
 * page, pictures, when it was posted), its offer in rupees when it has a price, and the residence it
 * is about, with its locality.
 */
export function projectListing(site: SiteContext, project: Project, page: { url: string; description: string; images: string[] }) {
  const address = { '@type': 'PostalAddress', addressLocality: project.area, addressCountry: 'IN' };
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    '@id': `${page.url}#listing`,
    name: project.name,
    description: page.description,
    url: page.url,
    image: page.images,
    datePosted: project.createdAt,
    dateModified: project.updatedAt,
    contentLocation: { '@type': 'Place', name: project.area, address },
    ...(project.price === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            url: page.url,
            price: String(project.price),
            priceCurrency: 'INR',
            availability: isReady(project) ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder',
            seller: { '@id': `${site.origin}/#studio` },
          },
        }),
    about: {
      '@type': 'Residence',
      name: project.name,
      address,
      floorSize: { '@type': 'QuantitativeValue', value: project.squareft, unitCode: 'FTK' },
      description: `${project.sizeofunit}, ready ${project.dateofcomplition}`,
      ...(project.amenities.length
        ? { amenityFeature: project.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })) }
        : {}),
      ...(project.gmaplink ? { hasMap: project.gmaplink } : {}),
    },
  };
}

/** One decor piece's page as a schema.org Product with its Offer in rupees. */
export function productOffer(site: SiteContext, product: Product, page: { url: string; images: string[] }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${page.url}#product`,
    name: product.productname,
    description: product.description,
    url: page.url,
    image: page.images,
    sku: product._id,
    ...(product.tags.length ? { category: product.tags.join(', ') } : {}),
    brand: { '@type': 'Brand', name: site.name },
    offers: {
      '@type': 'Offer',
      url: page.url,
      price: product.price.toFixed(2),
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@id': `${site.origin}/#studio` },
    },
  };
}
