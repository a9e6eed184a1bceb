import { staffText } from '#web/lib/staff-text';
import { ListingAdmin, listingLoader, type AdminKind } from './listing-admin';

const studios: AdminKind<'studio'> = {
  kind: 'studio',
  title: 'staff.listings.studio.title',
  singular: 'staff.listings.studio.singular',
  plural: 'staff.listings.studio.plural',
  fields: {
    title: { label: 'staff.listings.studio.name', input: 'text', required: true, placeholder: 'staff.listings.studio.namePlaceholder' },
    gmaplink: { label: 'staff.listings.studio.map', input: 'url', required: true, placeholder: 'staff.listings.studio.mapPlaceholder' },
    address: { label: 'staff.listings.studio.address', input: 'textarea', required: true },
    titleHi: { label: 'staff.listings.studio.nameHi', input: 'text', required: false, placeholder: 'staff.listings.studio.nameHiPlaceholder', lang: 'hi' },
  },
  columns: [
    { title: staffText('staff.listings.studio.column.title'), dataIndex: 'title', key: 'title' },
    { title: staffText('staff.listings.studio.column.address'), dataIndex: 'address', key: 'address', ellipsis: true },
    {
      title: staffText('staff.listings.studio.column.map'),
      dataIndex: 'gmaplink',
      key: 'gmaplink',
      render: (link: string, studio) => (
        <a href={link} target="_blank" rel="noopener noreferrer" aria-label={staffText('staff.listings.studio.mapLinkLabel', { title: studio.title })}>
          {staffText('staff.listings.studio.mapLink')}
        </a>
      ),
    },
  ],
  nameOf: (studio) => studio.title,
};

export const loader = listingLoader(studios);

export function Component() {
  return <ListingAdmin config={studios} />;
}
