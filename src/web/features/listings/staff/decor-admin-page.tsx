import { staffText } from '#web/lib/staff-text';
import { formatRupees } from '#shared/i18n/format';
import { ListingAdmin, listingLoader, type AdminKind } from './listing-admin';

const products: AdminKind<'product'> = {
  kind: 'product',
  title: 'staff.listings.decor.title',
  singular: 'staff.listings.decor.singular',
  plural: 'staff.listings.decor.plural',
  fields: {
    productname: { label: 'staff.listings.decor.name', input: 'text', required: true, placeholder: 'staff.listings.decor.namePlaceholder' },
    price: { label: 'staff.listings.decor.price', input: 'rupees', required: true, placeholder: 'staff.listings.decor.pricePlaceholder' },
    description: { label: 'staff.listings.decor.description', input: 'textarea', required: true },
    tags: { label: 'staff.listings.decor.tags', input: 'text', required: false, placeholder: 'staff.listings.decor.tagsPlaceholder' },
    productnameHi: { label: 'staff.listings.decor.nameHi', input: 'text', required: false, placeholder: 'staff.listings.decor.nameHiPlaceholder', lang: 'hi' },
    descriptionHi: { label: 'staff.listings.decor.descriptionHi', input: 'textarea', required: false, lang: 'hi' },
  },
  columns: [
    { title: staffText('staff.listings.decor.column.product'), dataIndex: 'productname', key: 'productname' },
    { title: staffText('staff.listings.decor.column.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    { title: staffText('staff.listings.decor.column.price'), dataIndex: 'price', key: 'price', render: (value: number) => formatRupees('en', value) },
    {
      title: staffText('staff.listings.decor.column.tags'),
      dataIndex: 'tags',
      key: 'tags',
      render: (value: string[] | undefined) => (value?.length ? value.join(', ') : '—'),
    },
  ],
  nameOf: (product) => product.productname,
};

export const loader = listingLoader(products);

export function Component() {
  return <ListingAdmin config={products} />;
}
