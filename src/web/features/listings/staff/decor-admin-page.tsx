import { formatRupees } from '../listing-format';
import { ListingAdmin, listingLoader, type AdminKind } from './listing-admin';

const products: AdminKind<'product'> = {
  kind: 'product',
  title: 'Decor',
  singular: 'product',
  plural: 'decor products',
  fields: {
    productname: { label: 'Product name', input: 'text', required: true, placeholder: 'Teak Sofa' },
    price: { label: 'Price', input: 'rupees', required: true, placeholder: '125000' },
    description: { label: 'Description', input: 'textarea', required: true },
    tags: { label: 'Tags (comma-separated)', input: 'text', required: false, placeholder: 'Living room, Boho' },
    productnameHi: { label: 'Hindi name (optional)', input: 'text', required: false, placeholder: 'सागौन सोफ़ा', lang: 'hi' },
    descriptionHi: { label: 'About the piece, in Hindi (optional)', input: 'textarea', required: false, lang: 'hi' },
  },
  columns: [
    { title: 'Product', dataIndex: 'productname', key: 'productname' },
    { title: 'Description', dataIndex: 'description', key: 'description', ellipsis: true },
    { title: 'Price', dataIndex: 'price', key: 'price', render: (value: number) => formatRupees(value) },
    { title: 'Tags', dataIndex: 'tags', key: 'tags', render: (value: string[] | undefined) => (value?.length ? value.join(', ') : '—') },
  ],
  nameOf: (product) => product.productname,
};

export const loader = listingLoader(products);

export function Component() {
  return <ListingAdmin config={products} />;
}
