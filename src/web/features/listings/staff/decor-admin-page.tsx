import { productFields } from '../../../../shared/listings/listings.contract';
import { formatRupees } from '../listing-format';
import { ListingAdmin, listingLoader, type AdminKind } from './listing-admin';

const fields = productFields.shape;

const products: AdminKind<'product'> = {
  kind: 'product',
  title: 'Decor',
  singular: 'product',
  plural: 'decor products',
  fields: [
    { name: 'productname', label: 'Product name', input: 'text', schema: fields.productname, required: true, placeholder: 'Teak Sofa' },
    { name: 'price', label: 'Price', input: 'rupees', schema: fields.price, required: true, placeholder: '125000' },
    { name: 'description', label: 'Description', input: 'textarea', schema: fields.description, required: true },
    { name: 'tags', label: 'Tags (comma-separated)', input: 'text', schema: fields.tags, required: false, placeholder: 'Living room, Boho' },
  ],
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
