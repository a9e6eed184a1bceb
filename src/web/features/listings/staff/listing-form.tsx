import { App, Button, Card, DatePicker, Form, Input, Space } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import type { ListingFile } from '#shared/listings/listing-photos';
import { DATE_FORMAT, IMAGE_REQUIRED, listingIds, NOT_AN_IMAGE, type ListingItems, type ListingKind } from '#shared/listings/listings.contract';
import { zodRule } from '#web/lib/antd-zod';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';
import { useUnsavedChangesPrompt } from '#web/lib/use-unsaved-changes';
import { saveListing } from '../listings-api';
import { adminFields, type AdminField, type AdminKind } from './admin-kind';
import { ListingMedia } from './listing-media';
import { ORIGINAL_MAX_BYTES, resizeImage } from './resize-image';

dayjs.extend(customParseFormat);

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
  const placeholder = field.placeholder && staffText(field.placeholder);
  switch (field.input) {
    case 'textarea':
      return <Input.TextArea rows={3} placeholder={placeholder} lang={field.lang} />;
    // Plain text fields, not InputNumber: InputNumber clamps -3 to its minimum and drops letters on
    // blur, so a wrong number was silently saved as another. The text goes as typed and the
    // contract's rule says what is wrong.
    case 'number':
      return <Input inputMode="decimal" placeholder={placeholder} />;
    case 'rupees':
      return <Input inputMode="decimal" prefix="₹" placeholder={placeholder} />;
    case 'date':
      return <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder={DATE_FORMAT} />;
    case 'url':
      // Text with a URL keyboard, not type="url": the browser's own "Please enter a URL." bubble would
      // cover the app's message; the contract checks the link.
      return <Input inputMode="url" placeholder={placeholder} />;
    default:
      return <Input placeholder={placeholder} lang={field.lang} />;
  }
}

/**
 * The add / update form's state: what is typed, the chosen image, saving. `onSaved` runs after the
 * server accepted a record (the page loads its list again). Leaving with unsaved input asks first.
 */
export function useListingForm<K extends ListingKind>(config: AdminKind<K>, onSaved: () => void) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const fields = useMemo(() => adminFields(config), [config]);
  const { idField } = listingIds[config.kind];
  const [saving, setSaving] = useState(false);
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const [currentImage, setCurrentImage] = useState<string | null>(null);
  /** The record being edited, as the table gave it: its photos and floor plan (listing-media.tsx). */
  const [editingRow, setEditingRow] = useState<ListingItems[K] | null>(null);
  /** The record this form added last: the form resets (SPEC), and offers to open it for its photos. */
  const [addedId, setAddedId] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formCard = useRef<HTMLDivElement>(null);
  const editingId = Form.useWatch('id', form);
  // Typed or chosen and not yet saved: leaving (a session ending on a 401 included) asks first.
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty, staffText('staff.listings.unsavedWhat', { singular: staffText(config.singular) }));

  // The preview's object URL lives as long as the chosen image.
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.url);
    },
    [chosen],
  );

  const clearImage = () => {
    setChosen(null);
    setCurrentImage(null);
    setImageError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const reset = () => {
    form.resetFields();
    clearImage();
    setEditingRow(null);
    setDirty(false);
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
    if (file.size > ORIGINAL_MAX_BYTES) return refuseImage(staffText('staff.listings.tooLarge'));
    try {
      const blob = await resizeImage(file);
      setChosen({ blob, name: file.name, url: URL.createObjectURL(blob) });
      setImageError(null);
      setDirty(true);
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
    for (const field of fields) body.append(field.name, asText(values[field.name]));
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
      setAddedId(update ? null : answer._id);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        const known = new Set(fields.map((f) => f.name));
        form.setFields(error.errors.filter((e) => known.has(e.field)).map((e) => ({ name: e.field, errors: [e.message] })));
        if (error.errors.some((e) => e.field === 'file')) setImageError(error.message);
      }
      message.error(errorMessage(error, staffText('staff.listings.saveFailed', { singular: staffText(config.singular) })));
    } finally {
      setSaving(false);
    }
  };

  /** Fills the form from a row of the table, to update it. */
  const edit = (row: ListingItems[K]) => {
    const values: FormValues = { id: row._id };
    const record = row as unknown as Record<string, unknown>;
    for (const field of fields) {
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
    setDirty(false);
    setCurrentImage(row.image);
    setEditingRow(row);
    setAddedId(null);
    formCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    formCard.current?.querySelector<HTMLElement>('input:not([type=hidden]), textarea')?.focus({ preventScroll: true });
  };

  /** A record that was deleted is no longer being edited. */
  const forget = (id: string) => {
    if (form.getFieldValue('id') === id) reset();
  };

  return {
    form,
    fields,
    saving,
    chosen,
    currentImage,
    imageError,
    setImageError,
    fileInput,
    formCard,
    editingId,
    editingRow,
    addedId,
    setDirty,
    onFileChange,
    onFinish,
    reset,
    edit,
    forget,
    onSaved,
  };
}

export type ListingFormState<K extends ListingKind> = ReturnType<typeof useListingForm<K>>;

/**
 * The card with the form: adds a record or, when its hidden id is set, updates one. `added` is the
 * record just added, once the reloaded list holds it: a button opens it for its photos.
 */
export function ListingForm<K extends ListingKind>({ config, state, added }: { config: AdminKind<K>; state: ListingFormState<K>; added?: ListingItems[K] }) {
  const {
    form,
    fields,
    saving,
    chosen,
    currentImage,
    imageError,
    setImageError,
    fileInput,
    formCard,
    editingId,
    editingRow,
    setDirty,
    onFileChange,
    onFinish,
    reset,
    onSaved,
  } = state;
  const fileInputId = useId();
  const preview = chosen?.url ?? currentImage;
  const editing = Boolean(editingId);
  const singular = staffText(config.singular);

  return (
    <div ref={formCard}>
      <Card title={editing ? staffText('staff.listings.edit', { singular }) : staffText('staff.listings.add', { singular })} className="listing-admin__card">
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          // Only what staff change (not a record loaded for editing) counts as unsaved.
          onValuesChange={() => setDirty(true)}
          // antd skips onFinish when a field is invalid: still say that the image is missing.
          onFinishFailed={() => !editing && !chosen && setImageError(IMAGE_REQUIRED)}
          requiredMark
          // The app's messages only, never the browser's own validation bubbles.
          noValidate
        >
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <div className="listing-admin__grid">
            <div className="listing-admin__fields">
              {fields.map((field) => (
                <Form.Item
                  key={field.name}
                  name={field.name}
                  label={staffText(field.label)}
                  required={field.required}
                  rules={ruleFor(field)}
                  className={field.input === 'textarea' ? 'listing-admin__wide' : undefined}
                >
                  {fieldInput(field)}
                </Form.Item>
              ))}
            </div>
            <Form.Item
              label={staffText('staff.listings.image')}
              htmlFor={fileInputId}
              required={!editing}
              validateStatus={imageError ? 'error' : undefined}
              help={imageError ?? staffText('staff.listings.imageHelp')}
              className="listing-admin__image"
            >
              <div className="listing-admin__picker">
                <input id={fileInputId} ref={fileInput} type="file" name="file" accept="image/*" onChange={(e) => void onFileChange(e)} />
                {preview ? (
                  <img className="listing-admin__preview" src={preview} alt={staffText('staff.listings.preview')} width={150} height={150} />
                ) : (
                  <div className="listing-admin__preview listing-admin__preview--empty" aria-hidden="true">
                    {staffText('staff.listings.noImage')}
                  </div>
                )}
              </div>
            </Form.Item>
          </div>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {editing ? staffText('staff.listings.update', { singular }) : staffText('staff.listings.add', { singular })}
            </Button>
            <Button htmlType="button" onClick={reset} disabled={saving}>
              {staffText('staff.listings.reset')}
            </Button>
          </Space>
        </Form>
        {editing && editingRow && editingRow._id === editingId ? (
          <ListingMedia
            key={editingRow._id}
            kind={config.kind}
            id={editingRow._id}
            name={config.nameOf(editingRow)}
            photos={editingRow.photos}
            floorPlan={'floorPlan' in editingRow ? (editingRow.floorPlan as ListingFile | null) : undefined}
            onChanged={onSaved}
          />
        ) : added && !editing ? (
          <p className="listing-media__later" role="status">
            {staffText('staff.listings.added', { name: config.nameOf(added) })}{' '}
            <Button type="link" className="listing-media__add-photos" onClick={() => state.edit(added)}>
              {staffText(config.kind === 'project' ? 'staff.listings.addPhotosAndPlanTo' : 'staff.listings.addPhotosTo', { name: config.nameOf(added) })}
            </Button>
          </p>
        ) : (
          <p className="listing-media__later">
            {staffText(config.kind === 'project' ? 'staff.listings.photosAndPlanLater' : 'staff.listings.photosLater', { singular })}
          </p>
        )}
      </Card>
    </div>
  );
}
