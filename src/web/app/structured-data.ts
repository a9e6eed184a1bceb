import type { Product, Project } from '#shared/listings/listings.contract';
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
    url: `${site.origin}/viewProjects#${project._id}`,
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
    url: `${site.origin}/viewProducts#${product._id}`,
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      seller: { '@id': `${site.origin}/#studio` },
    },
  }));
}
