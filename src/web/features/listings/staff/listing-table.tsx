import { Button, Popconfirm, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ListingItems, ListingKind } from '#shared/listings/listings.contract';
import { staffText } from '#web/lib/staff-text';
import type { AdminKind } from './admin-kind';

interface Props<K extends ListingKind> {
  config: AdminKind<K>;
  rows: Array<ListingItems[K]>;
  loading: boolean;
  onEdit(row: ListingItems[K]): void;
  /** Runs after the confirmation; the confirmation stays busy until it settles. */
  onDelete(row: ListingItems[K]): Promise<void>;
}

/** The records of one kind, ten to a page, each with Edit and Delete. */
export function ListingTable<K extends ListingKind>({ config, rows, loading, onEdit, onDelete }: Props<K>) {
  const columns: ColumnsType<ListingItems[K]> = [
    {
      title: staffText('staff.listings.column.image'),
      key: 'image',
      width: 84,
      // The row names the record already: the thumbnail is decorative for screen readers.
      render: (_, row) => <img className="listing-admin__thumb" src={row.image} alt="" width={56} height={56} loading="lazy" />,
    },
    ...config.columns,
    {
      title: staffText('staff.listings.column.action'),
      key: 'action',
      width: 160,
      // Pinned to the right edge: long text never pushes Edit / Delete out of view, at any width.
      fixed: 'right',
      render: (_, row) => (
        <Space>
          <Button size="small" onClick={() => onEdit(row)} aria-label={staffText('staff.listings.editRowLabel', { name: config.nameOf(row) })}>
            {staffText('staff.listings.editRow')}
          </Button>
          <Popconfirm
            title={staffText('staff.listings.deleteConfirm')}
            okText={staffText('staff.listings.yes')}
            cancelText={staffText('staff.listings.no')}
            onConfirm={() => onDelete(row)}
          >
            <Button size="small" danger aria-label={staffText('staff.listings.deleteRowLabel', { name: config.nameOf(row) })}>
              {staffText('staff.listings.deleteRow')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<ListingItems[K]>
      rowKey="_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      size="middle"
      // A fixed width, not 'max-content': an ellipsis column (a long description) would otherwise
      // grow to its whole text on one line and push the table wider than the card.
      scroll={{ x: 760, y: 300 }}
      pagination={{ placement: ['bottomEnd'], pageSize: 10, showSizeChanger: false }}
    />
  );
}
