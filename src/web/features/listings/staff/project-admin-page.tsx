import { staffText } from '#web/lib/staff-text';
import { formatArea, formatRupees } from '#shared/i18n/format';
import { ListingAdmin, listingLoader, type AdminKind } from './listing-admin';

const projects: AdminKind<'project'> = {
  kind: 'project',
  title: 'staff.listings.project.title',
  singular: 'staff.listings.project.singular',
  plural: 'staff.listings.project.plural',
  fields: {
    name: { label: 'staff.listings.project.name', input: 'text', required: true, placeholder: 'staff.listings.project.namePlaceholder' },
    area: { label: 'staff.listings.project.area', input: 'text', required: true, placeholder: 'staff.listings.project.areaPlaceholder' },
    squareft: { label: 'staff.listings.project.squareft', input: 'number', required: true, placeholder: 'staff.listings.project.squareftPlaceholder' },
    dateofcomplition: { label: 'staff.listings.project.completion', input: 'date', required: true },
    sizeofunit: { label: 'staff.listings.project.unitSize', input: 'text', required: true, placeholder: 'staff.listings.project.unitSizePlaceholder' },
    price: { label: 'staff.listings.project.price', input: 'rupees', required: false, placeholder: 'staff.listings.project.pricePlaceholder' },
    gmaplink: { label: 'staff.listings.project.map', input: 'url', required: false, placeholder: 'staff.listings.project.mapPlaceholder' },
    rera: { label: 'staff.listings.project.rera', input: 'text', required: false, placeholder: 'staff.listings.project.reraPlaceholder' },
    amenities: { label: 'staff.listings.project.amenities', input: 'text', required: false, placeholder: 'staff.listings.project.amenitiesPlaceholder' },
    nameHi: { label: 'staff.listings.project.nameHi', input: 'text', required: false, placeholder: 'staff.listings.project.nameHiPlaceholder', lang: 'hi' },
  },
  columns: [
    { title: staffText('staff.listings.project.column.name'), dataIndex: 'name', key: 'name' },
    { title: staffText('staff.listings.project.column.area'), dataIndex: 'area', key: 'area' },
    { title: staffText('staff.listings.project.column.squareft'), dataIndex: 'squareft', key: 'squareft', render: (value: number) => formatArea('en', value) },
    { title: staffText('staff.listings.project.column.completion'), dataIndex: 'dateofcomplition', key: 'dateofcomplition' },
    { title: staffText('staff.listings.project.column.unit'), dataIndex: 'sizeofunit', key: 'sizeofunit' },
    {
      title: staffText('staff.listings.project.column.price'),
      dataIndex: 'price',
      key: 'price',
      render: (value: number | null | undefined) => (typeof value === 'number' ? formatRupees('en', value) : '—'),
    },
  ],
  nameOf: (project) => project.name,
};

export const loader = listingLoader(projects);

export function Component() {
  return <ListingAdmin config={projects} />;
}
