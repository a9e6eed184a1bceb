import { ListingAdmin, listingLoader, type AdminKind } from './listing-admin';

const studios: AdminKind<'studio'> = {
  kind: 'studio',
  title: 'Studio',
  singular: 'studio record',
  plural: 'studio records',
  fields: {
    title: { label: 'Title', input: 'text', required: true, placeholder: 'Indiranagar Studio' },
    gmaplink: { label: 'Google map link', input: 'url', required: true, placeholder: 'https://www.google.com/maps/…' },
    address: { label: 'Address', input: 'textarea', required: true },
    titleHi: { label: 'Hindi name (optional)', input: 'text', required: false, placeholder: 'इंदिरानगर स्टूडियो', lang: 'hi' },
  },
  columns: [
    { title: 'Title', dataIndex: 'title', key: 'title' },
    { title: 'Address', dataIndex: 'address', key: 'address', ellipsis: true },
    {
      title: 'Map',
      dataIndex: 'gmaplink',
      key: 'gmaplink',
      render: (link: string, studio) => (
        <a href={link} target="_blank" rel="noopener noreferrer" aria-label={`Google map: ${studio.title} (opens in a new tab)`}>
          Google map
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
