import { App, Card, ConfigProvider, Typography } from 'antd';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { listingIds, type ListingItems, type ListingKind } from '#shared/listings/listings.contract';
import { PageMeta } from '#web/components/page-meta';
import { errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';
import { LoadFailed, loadPageData, usePageReload, type PageData } from '#web/lib/page-data';
import { deleteListing, fetchListings } from '../listings-api';
import type { AdminKind } from './admin-kind';
import { ListingForm, useListingForm } from './listing-form';
import { ListingTable } from './listing-table';
import './listing-admin.css';

export type { AdminKind } from './admin-kind';

/** antd's default red (#ff4d4f) is too light on white for text (WCAG AA): Delete and field errors use a darker one. */
const READABLE_DANGER = { token: { colorError: '#b3261e', colorErrorHover: '#a61f1f', colorErrorActive: '#8b1a1a' } };

/** The route loader of one kind's admin page: its records, newest first (lib/page-data.tsx). */
export function listingLoader<K extends ListingKind>(config: AdminKind<K>) {
  return ({ request }: LoaderFunctionArgs) =>
    loadPageData(() => fetchListings(config.kind, { signal: request.signal }), staffText('staff.listings.loadFailed', { plural: staffText(config.plural) }));
}

/**
 * The staff page for one kind of listing: a form that adds or, when its hidden id is set, updates a
 * record (listing-form.tsx); and a table of the records with Edit and Delete (listing-table.tsx).
 * The records come from the route's loader (`listingLoader`) and are loaded again after every change.
 * Written once for projects, decor and studios (SPEC.md §4).
 */
export function ListingAdmin<K extends ListingKind>({ config }: { config: AdminKind<K> }) {
  const { message } = App.useApp();
  const loaded = useLoaderData() as PageData<Array<ListingItems[K]>>;
  const { reload, reloading } = usePageReload();
  const formState = useListingForm(config, () => void reload());

  const remove = async (row: ListingItems[K]) => {
    if (!row._id) {
      message.warning(listingIds[config.kind].notFound);
      return;
    }
    try {
      const answer = await deleteListing(config.kind, row._id);
      message.success(answer.message);
      formState.forget(row._id);
      void reload();
    } catch (error) {
      message.error(errorMessage(error, staffText('staff.listings.deleteFailed', { singular: staffText(config.singular) })));
    }
  };

  return (
    <ConfigProvider theme={READABLE_DANGER}>
      <div className="listing-admin">
        <PageMeta
          title={staffText('staff.listings.metaTitle', { title: staffText(config.title) })}
          description={staffText('staff.listings.metaDescription', { plural: staffText(config.plural) })}
        />
        <Typography.Title level={1} className="listing-admin__title">
          {staffText(config.title)}
        </Typography.Title>

        <ListingForm config={config} state={formState} added={loaded.data?.find((row) => row._id === formState.addedId)} />

        <Card title={staffText('staff.listings.all', { plural: staffText(config.plural) })} className="listing-admin__card">
          {loaded.error ? <LoadFailed message={loaded.error} /> : null}
          <ListingTable config={config} rows={loaded.data ?? []} loading={reloading} onEdit={formState.edit} onDelete={remove} />
        </Card>
      </div>
    </ConfigProvider>
  );
}
