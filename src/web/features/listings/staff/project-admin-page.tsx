import { formatRupees, formatSqft } from '../listing-format';
import { ListingAdmin, listingLoader, type AdminKind } from './listing-admin';

const projects: AdminKind<'project'> = {
  kind: 'project',
  title: 'Projects',
  singular: 'project',
  plural: 'projects',
  fields: {
    name: { label: 'Project name', input: 'text', required: true, placeholder: 'Lakeside Residency' },
    area: { label: 'Area', input: 'text', required: true, placeholder: 'Whitefield, Bengaluru' },
    squareft: { label: 'Sq. feet', input: 'number', required: true, placeholder: '1450' },
    dateofcomplition: { label: 'Date of completion', input: 'date', required: true },
    sizeofunit: { label: 'Size of unit', input: 'text', required: true, placeholder: '3 BHK' },
    price: { label: 'Price (optional)', input: 'rupees', required: false, placeholder: '9500000' },
    gmaplink: { label: 'Google map link', input: 'url', required: false, placeholder: 'https://www.google.com/maps/…' },
    rera: { label: 'RERA registration number (optional)', input: 'text', required: false, placeholder: 'P52100012345' },
    amenities: { label: 'Amenities (comma-separated)', input: 'text', required: false, placeholder: 'Gym, Swimming pool, Power backup' },
    nameHi: { label: 'Hindi name (optional)', input: 'text', required: false, placeholder: 'लेकसाइड रेजीडेंसी', lang: 'hi' },
  },
  columns: [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Area', dataIndex: 'area', key: 'area' },
    { title: 'Sq. feet', dataIndex: 'squareft', key: 'squareft', render: (value: number) => formatSqft(value) },
    { title: 'Completion', dataIndex: 'dateofcomplition', key: 'dateofcomplition' },
    { title: 'Unit', dataIndex: 'sizeofunit', key: 'sizeofunit' },
    { title: 'Price', dataIndex: 'price', key: 'price', render: (value: number | null | undefined) => (typeof value === 'number' ? formatRupees(value) : '—') },
  ],
  nameOf: (project) => project.name,
};

export const loader = listingLoader(projects);

export function Component() {
  return <ListingAdmin config={projects} />;
}
