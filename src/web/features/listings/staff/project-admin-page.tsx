import { projectFields } from '../../../../shared/listings/listings.contract';
import { formatRupees, formatSqft } from '../listing-format';
import { ListingAdmin, listingLoader, type AdminKind } from './listing-admin';

const fields = projectFields.shape;

const projects: AdminKind<'project'> = {
  kind: 'project',
  title: 'Projects',
  singular: 'project',
  plural: 'projects',
  fields: [
    { name: 'name', label: 'Project name', input: 'text', schema: fields.name, required: true, placeholder: 'Lakeside Residency' },
    { name: 'area', label: 'Area', input: 'text', schema: fields.area, required: true, placeholder: 'Whitefield, Bengaluru' },
    { name: 'squareft', label: 'Sq. feet', input: 'number', schema: fields.squareft, required: true, placeholder: '1450' },
    { name: 'dateofcomplition', label: 'Date of completion', input: 'date', schema: fields.dateofcomplition, required: true },
    { name: 'sizeofunit', label: 'Size of unit', input: 'text', schema: fields.sizeofunit, required: true, placeholder: '3 BHK' },
    { name: 'price', label: 'Price (optional)', input: 'rupees', schema: fields.price, required: false, placeholder: '9500000' },
    { name: 'gmaplink', label: 'Google map link', input: 'url', schema: fields.gmaplink, required: false, placeholder: 'https://www.google.com/maps/…' },
  ],
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
