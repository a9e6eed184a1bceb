import { App, Button, Card, ConfigProvider, DatePicker, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import {
  DATE_FORMAT,
  IMAGE_REQUIRED,
  listingIds,
  NOT_AN_IMAGE,
  type ListingItems,
  type ListingKind,
} from '../../../../shared/listings/listings.contract';
import { PageMeta } from '../../../components/page-meta';
import { zodRule } from '../../../lib/antd-zod';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { deleteListing, fetchListings, saveListing } from '../listings-api';
import { ORIGINAL_MAX_BYTES, resizeImage } from './resize-image';
import './listing-admin.css';

dayjs.extend(customParseFormat);

export const DELETE_CONFIRM = 'Are you sure to delete this Record？';

export interface AdminField {
  name: string;
  label: string;
  input: 'text' | 'textarea' | 'number' | 'rupees' | 'date' | 'url';
  /** The field's schema from src/shared/listings.ts: the form shows the server's messages. */
  schema: z.ZodType;
  required: boolean;
  placeholder?: string;
}

/** What one kind's admin page shows: its form fields and its table columns. */
export interface AdminKind<K extends ListingKind> {
  kind: K;
  /** "Projects" */
  title: string;
  /** "project", as in "Add project" */
  singular: string;
  /** "projects", as in "All projects" */
  plural: string;
  fields: AdminField[];
  columns: ColumnsType<ListingItems[K]>;
  nameOf(item: ListingItems[K]): string;
}

/** antd's default red (#ff4d4f) is too light on white for text (WCAG AA): Delete and field errors use a darker one. */
const READABLE_DANGER = { token: { colorError: '#b3261e' } };

type FormValues = Record<string, unknown> & { id?: string };

interface ChosenImage {
  blob: Blob;
  /** The original file's name, sent as `filename`. */
  name: string;
  url: string;
}

/** Form values → multipart text: dates as DD-MM-YYYY, numbers as digits, nothing as empty. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (dayjs.isDayjs(value)) return value.format(DATE_FORMAT);
  return String(value);
}

function ruleFor(field: AdminField) {
  // The date picker holds a dayjs value; the schema checks the DD-MM-YYYY text that is sent.
  const schema = field.input === 'date' ? z.preprocess((v) => (dayjs.isDayjs(v) ? v.format(DATE_FORMAT) : v), field.schema) : field.schema;
  return [zodRule(schema)];
}

/** The control for a field; a direct child of its Form.Item, which gives it id, value and onChange. */
function fieldInput(field: AdminField) {
  switch (field.input) {
    case 'textarea':
      return <Input.TextArea rows={3} placeholder={field.placeholder} />;
    // Plain text fields, not InputNumber: InputNumber clamps -3 to its minimum and drops letters on
    // blur, so a wrong number was silently saved as another. The text goes as typed and the
    // contract's rule says what is wrong (issue 12 item 7).
    case 'number':
      return <Input inputMode="decimal" placeholder={field.placeholder} />;
    case 'rupees':
      return <Input inputMode="decimal" prefix="₹" placeholder={field.placeholder} />;
    case 'date':
      return <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder={DATE_FORMAT} />;
    case 'url':
      return <Input type="url" inputMode="url" placeholder={field.placeholder} />;
    default:
      return <Input placeholder={field.placeholder} />;
  }
}

/**
 * The staff page for one kind of listing: a form that adds or, when its hidden id is set, updates a
 * record; and a table of the records with Edit and Delete. Written once for projects, decor and
 * studios (SPEC.md §4).
 */
export function ListingAdmin<K extends ListingKind>({ config }: { config: AdminKind<K> }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const { idField, notFound } = listingIds[config.kind];
  const [rows, setRows] = useState<Array<ListingItems[K]>>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const [currentImage, setCurrentImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formCard = useRef<HTMLDivElement>(null);
  const fileInputId = useId();
  const editingId = Form.useWatch('id', form);

  // Bumped to load the table again (after a save or a delete).
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    fetchListings(config.kind).then(
      (items) => {
        if (!current) return;
        setRows(items);
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        message.error(errorMessage(error, `Could not load the ${config.plural}.`));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [config.kind, config.plural, message, version]);

  const reload = () => {
    setLoading(true);
    setVersion((v) => v + 1);
  };

  // The preview's object URL lives as long as the chosen image.
  useEffect(() => () => {
    if (chosen) URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  const clearImage = () => {
    setChosen(null);
    setCurrentImage(null);
    setImageError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const reset = () => {
    form.resetFields();
    clearImage();
  };

  const refuseImage = (text: string) => {
    setImageError(text);
    message.error(text);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) return refuseImage(NOT_AN_IMAGE);
    if (file.size > ORIGINAL_MAX_BYTES) return refuseImage('The picture is too large. Please choose one under 40 MB.');
    try {
      const blob = await resizeImage(file);
      setChosen({ blob, name: file.name, url: URL.createObjectURL(blob) });
      setImageError(null);
    } catch {
      refuseImage(NOT_AN_IMAGE);
    }
  };

  const onFinish = async (values: FormValues) => {
    const update = Boolean(values.id);
    if (!update && !chosen) {
      setImageError(IMAGE_REQUIRED);
      return;
    }
    const body = new FormData();
    for (const field of config.fields) body.append(field.name, asText(values[field.name]));
    if (update) body.append(idField, String(values.id));
    if (chosen) {
      body.append('filename', chosen.name);
      body.append('file', chosen.blob, `${chosen.name.replace(/\.[^.]*$/, '') || 'image'}.jpg`);
    }
    setSaving(true);
    try {
      const answer = await saveListing(config.kind, body, update);
      message.success(answer.message);
      reset();
      reload();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        const known = new Set(config.fields.map((f) => f.name));
        form.setFields(error.errors.filter((e) => known.has(e.field)).map((e) => ({ name: e.field, errors: [e.message] })));
        if (error.errors.some((e) => e.field === 'file')) setImageError(error.message);
      }
      message.error(errorMessage(error, `Could not save the ${config.singular}.`));
    } finally {
      setSaving(false);
    }
  };

  const edit = (row: ListingItems[K]) => {
    const values: FormValues = { id: row._id };
    const record = row as unknown as Record<string, unknown>;
    for (const field of config.fields) {
      const value = record[field.name];
      if (field.input === 'date') values[field.name] = dayjs(String(value), DATE_FORMAT, true);
      else if ((field.input === 'number' || field.input === 'rupees') && typeof value === 'number') values[field.name] = String(value);
      // Tags come as a list and are edited as "Living room, Boho".
      else if (Array.isArray(value)) values[field.name] = value.join(', ');
      else values[field.name] = value;
    }
    form.resetFields();
    form.setFieldsValue(values);
    clearImage();
    setCurrentImage(row.image);
    formCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    formCard.current?.querySelector<HTMLElement>('input:not([type=hidden]), textarea')?.focus({ preventScroll: true });
  };

  const remove = async (row: ListingItems[K]) => {
    if (!row._id) {
      message.warning(notFound);
      return;
    }
    try {
      const answer = await deleteListing(config.kind, row._id);
      message.success(answer.message);
      if (form.getFieldValue('id') === row._id) reset();
      reload();
    } catch (error) {
      message.error(errorMessage(error, `Could not delete the ${config.singular}.`));
    }
  };

  const columns: ColumnsType<ListingItems[K]> = [
    {
      title: 'Image',
      key: 'image',
      width: 84,
      // The row names the record already: the thumbnail is decorative for screen readers.
      render: (_, row) => <img className="listing-admin__thumb" src={row.image} alt="" width={56} height={56} loading="lazy" />,
    },
    ...config.columns,
    {
      title: 'Action',
      key: 'action',
      width: 160,
      // Pinned to the right edge: long text never pushes Edit / Delete out of view, at any width.
      fixed: 'right',
      render: (_, row) => (
        <Space>
          <Button size="small" onClick={() => edit(row)} aria-label={`Edit ${config.nameOf(row)}`}>
            Edit
          </Button>
          <Popconfirm title={DELETE_CONFIRM} okText="Yes" cancelText="No" onConfirm={() => remove(row)}>
            <Button size="small" danger aria-label={`Delete ${config.nameOf(row)}`}>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const preview = chosen?.url ?? currentImage;
  const editing = Boolean(editingId);

  return (
    <ConfigProvider theme={READABLE_DANGER}>
      <div className="listing-admin">
        <PageMeta title={`${config.title} · Dashboard`} description={`Add, edit and delete ${config.plural}.`} />
        <Typography.Title level={1} className="listing-admin__title">
          {config.title}
        </Typography.Title>

        <div ref={formCard}>
          <Card title={editing ? `Edit ${config.singular}` : `Add ${config.singular}`} className="listing-admin__card">
            <Form
              form={form}
              layout="vertical"
              onFinish={onFinish}
              // antd skips onFinish when a field is invalid: still say that the image is missing.
              onFinishFailed={() => !editing && !chosen && setImageError(IMAGE_REQUIRED)}
              requiredMark
            >
              <Form.Item name="id" hidden>
                <Input />
              </Form.Item>
              <div className="listing-admin__grid">
                <div className="listing-admin__fields">
                  {config.fields.map((field) => (
                    <Form.Item
                      key={field.name}
                      name={field.name}
                      label={field.label}
                      required={field.required}
                      rules={ruleFor(field)}
                      className={field.input === 'textarea' ? 'listing-admin__wide' : undefined}
                    >
                      {fieldInput(field)}
                    </Form.Item>
                  ))}
                </div>
                <Form.Item
                  label="Image"
                  htmlFor={fileInputId}
                  required={!editing}
                  validateStatus={imageError ? 'error' : undefined}
                  help={imageError ?? 'JPEG, PNG or WebP; resized to 300 × 300 before upload.'}
                  className="listing-admin__image"
                >
                  <div className="listing-admin__picker">
                    <input id={fileInputId} ref={fileInput} type="file" name="file" accept="image/*" onChange={(e) => void onFileChange(e)} />
                    {preview ? (
                      <img className="listing-admin__preview" src={preview} alt="Preview of the image" width={150} height={150} />
                    ) : (
                      <div className="listing-admin__preview listing-admin__preview--empty" aria-hidden="true">
                        No image
                      </div>
                    )}
                  </div>
                </Form.Item>
              </div>
              <Space>
                <Button type="primary" htmlType="submit" loading={saving}>
                  {editing ? `Update ${config.singular}` : `Add ${config.singular}`}
                </Button>
                <Button htmlType="button" onClick={reset} disabled={saving}>
                  Reset
                </Button>
              </Space>
            </Form>
          </Card>
        </div>

        <Card title={`All ${config.plural}`} className="listing-admin__card">
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
        </Card>
      </div>
    </ConfigProvider>
  );
}
