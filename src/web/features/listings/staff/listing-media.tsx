import { Alert, App, Button, Input, Popconfirm, Spin, Typography } from 'antd';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type HTMLAttributes, type RefObject } from 'react';
import { PHOTOS_MAX, photoUrl, type ListingFile, type ListingPhoto } from '#shared/listings/listing-photos';
import { PHOTO_ALT_MAX } from '#shared/listings/listing-photos.contract';
import type { ListingKind } from '#shared/listings/listings.contract';
import { errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';
import { deletePhoto, orderPhotos, removeFloorPlan, savePhotoAlt, uploadFloorPlan, uploadPhotos } from '../listings-api';

/** What a photo upload accepts: the server checks the bytes as well (JPEG, PNG or WebP, 5 MB each). */
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';
const FLOOR_PLAN_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

interface MediaProps {
  kind: ListingKind;
  /** The listing being edited. */
  id: string;
  name: string;
  photos: ListingPhoto[];
  /** Projects only: the current floor plan (null for none); undefined for kinds without one. */
  floorPlan?: ListingFile | null;
  /** After every saved change (the page loads its table again). */
  onChanged(): void;
}

/**
 * A listing's photos (up to PHOTOS_MAX, the first is the cover) and, for a project, its floor plan
 *. Each change is saved at once through the photo calls; the specification's 300×300
 * image and the form's multipart fields are not touched. Reordering works by dragging a photo or by
 * its "Move earlier" / "Move later" buttons, and the new place is announced.
 */
export function ListingMedia({ kind, id, name, photos: initialPhotos, floorPlan, onChanged }: MediaProps) {
  return (
    <div className="listing-media">
      <PhotoManager kind={kind} id={id} name={name} initialPhotos={initialPhotos} onChanged={onChanged} />
      {floorPlan !== undefined ? <FloorPlanManager id={id} initial={floorPlan} onChanged={onChanged} /> : null}
    </div>
  );
}

/**
 * One save at a time, named while it runs (`busy`), with its failure said on the form and in a toast;
 * `onChanged` after each success, `settle` after each attempt.
 */
function useSaving(onChanged: () => void, failure: string, settle?: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (label: string, task: () => Promise<void>) => {
    setBusy(label);
    setError(null);
    try {
      await task();
      onChanged();
    } catch (caught) {
      const text = errorMessage(caught, failure);
      setError(text);
      message.error(text);
    } finally {
      setBusy(null);
      settle?.();
    }
  };
  return { busy, error, setError, run };
}

function PhotoManager({
  kind,
  id,
  name,
  initialPhotos,
  onChanged,
}: {
  kind: ListingKind;
  id: string;
  name: string;
  initialPhotos: ListingPhoto[];
  onChanged(): void;
}) {
  const { message } = App.useApp();
  const [photos, setPhotos] = useState(initialPhotos);
  const { busy, error, setError, run } = useSaving(onChanged, staffText('staff.listings.media.photosFailed'));
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [filesOver, setFilesOver] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ photoId: string; focus: 'earlier' | 'later' } | null>(null);
  const headingId = useId();
  const full = photos.length >= PHOTOS_MAX;

  const upload = (files: File[]) => {
    if (files.length === 0) return;
    void run(staffText('staff.listings.media.uploading', { count: files.length }), async () => {
      try {
        const answer = await uploadPhotos(kind, id, files);
        setPhotos(answer.photos);
        message.success(answer.message);
        setAnnouncement(staffText('staff.listings.media.photoCount', { message: answer.message, count: answer.photos.length, max: PHOTOS_MAX }));
      } finally {
        if (fileInput.current) fileInput.current.value = '';
      }
    });
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => upload([...(event.target.files ?? [])]);

  /** Moves a photo and saves the order; on failure the order goes back. `focus` keeps the keyboard user on the moved photo. */
  const move = (from: number, to: number, focus?: 'earlier' | 'later') => {
    if (to < 0 || to >= photos.length || from === to) return;
    const before = photos;
    const next = moved(photos, from, to);
    const photoId = before[from]!.id;
    setPhotos(next);
    void run(staffText('staff.listings.media.savingOrder'), async () => {
      try {
        const answer = await orderPhotos(
          kind,
          id,
          next.map((p) => p.id),
        );
        setPhotos(answer.photos);
        setAnnouncement(staffText(to === 0 ? 'staff.listings.media.movedToCover' : 'staff.listings.media.moved', { position: to + 1, count: next.length }));
      } catch (caught) {
        setPhotos(before);
        throw caught;
      }
    });
    if (focus) refocus.current = { photoId, focus };
  };

  // After a move by button, once the buttons are enabled again: the same button of the moved photo,
  // or its other one when the photo reached an end (a disabled button would lose the focus).
  useEffect(() => {
    const wanted = refocus.current;
    if (busy !== null || !wanted) return;
    refocus.current = null;
    const item = list.current?.querySelector<HTMLElement>(`[data-photo-id="${CSS.escape(wanted.photoId)}"]`);
    const button =
      item?.querySelector<HTMLButtonElement>(`[data-move="${wanted.focus}"]:not(:disabled)`) ??
      item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  }, [busy, photos]);

  const saveAlt = (photoId: string, alt: string) =>
    run(staffText('staff.listings.media.savingAlt'), async () => {
      const answer = await savePhotoAlt(kind, id, photoId, alt);
      setPhotos(answer.photos);
      message.success(answer.message);
    });

  const remove = (photoId: string) =>
    run(staffText('staff.listings.media.deleting'), async () => {
      const answer = await deletePhoto(kind, id, photoId);
      setPhotos(answer.photos);
      message.success(answer.message);
      setAnnouncement(staffText('staff.listings.media.photoCount', { message: answer.message, count: answer.photos.length, max: PHOTOS_MAX }));
    });

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

  return (
    <section className="listing-media__section" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} className="listing-media__title">
        {staffText('staff.listings.media.photos')}{' '}
        <span className="listing-media__count">{staffText('staff.listings.media.photosOf', { count: photos.length, max: PHOTOS_MAX })}</span>
      </Typography.Title>
      <p className="listing-media__hint">{staffText('staff.listings.media.hint', { max: PHOTOS_MAX })}</p>

      <div
        className={`listing-media__drop${filesOver ? ' listing-media__drop--over' : ''}`}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setFilesOver(true);
        }}
        onDragLeave={() => setFilesOver(false)}
        onDrop={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setFilesOver(false);
          upload([...event.dataTransfer.files]);
        }}
      >
        <FileField
          label={staffText('staff.listings.media.addPhotos')}
          help={full ? staffText('staff.listings.media.full', { max: PHOTOS_MAX }) : staffText('staff.listings.media.dropHelp')}
          inputRef={fileInput}
          accept={PHOTO_TYPES}
          multiple
          onChange={onFiles}
          disabled={busy !== null || full}
        />
      </div>

      <SavingStatus busy={busy} error={error} onClose={() => setError(null)} />
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {photos.length === 0 ? (
        <p className="listing-media__empty">{staffText('staff.listings.media.noPhotos')}</p>
      ) : (
        <ol className="listing-media__photos" ref={list} aria-label={staffText('staff.listings.media.photoList', { name })}>
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              data-photo-id={photo.id}
              className={`listing-media__photo${dragged === photo.id ? ' listing-media__photo--dragged' : ''}${dropTarget === index && dragged !== photo.id ? ' listing-media__photo--target' : ''}`}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setDropTarget(index);
              }}
              onDrop={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.stopPropagation();
                const from = photos.findIndex((p) => p.id === dragged);
                setDragged(null);
                setDropTarget(null);
                if (from >= 0) move(from, index);
              }}
            >
              <PhotoCard
                dragHandle={{
                  draggable: busy === null,
                  onDragStart: (event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', photo.id);
                    setDragged(photo.id);
                  },
                  onDragEnd: () => {
                    setDragged(null);
                    setDropTarget(null);
                  },
                }}
                photo={photo}
                index={index}
                count={photos.length}
                busy={busy !== null}
                onMove={(to, focus) => move(index, to, focus)}
                onSaveAlt={(alt) => saveAlt(photo.id, alt)}
                onDelete={() => remove(photo.id)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function PhotoCard({
  dragHandle,
  photo,
  index,
  count,
  busy,
  onMove,
  onSaveAlt,
  onDelete,
}: {
  /** The thumbnail is what is dragged: the alt text field and the buttons stay usable as usual. */
  dragHandle: Pick<HTMLAttributes<HTMLDivElement>, 'draggable' | 'onDragStart' | 'onDragEnd'>;
  photo: ListingPhoto;
  index: number;
  count: number;
  busy: boolean;
  onMove(to: number, focus: 'earlier' | 'later'): void;
  onSaveAlt(alt: string): Promise<void>;
  onDelete(): Promise<void>;
}) {
  const [alt, setAlt] = useState(photo.alt);
  const altId = useId();
  const position = index + 1;
  const thumbWidth = photo.widths[0] ?? photo.width;
  const changed = alt.trim() !== photo.alt;

  return (
    <figure className="listing-media__figure">
      <div className="listing-media__thumb-wrap" {...dragHandle}>
        <img
          className="listing-media__thumb"
          src={photoUrl(photo.id, thumbWidth, 'jpeg')}
          alt={photo.alt || staffText('staff.listings.media.noAlt', { position })}
          width={thumbWidth}
          height={Math.round((photo.height * thumbWidth) / photo.width)}
          draggable={false}
        />
        {index === 0 ? <span className="listing-media__cover">{staffText('staff.listings.media.cover')}</span> : null}
      </div>
      <figcaption className="listing-media__caption">
        <span className="listing-media__position">{staffText('staff.listings.media.positionOf', { position, count })}</span>
        <label htmlFor={altId} className="listing-media__alt-label">
          {staffText('staff.listings.media.altLabel', { position })}
        </label>
        <Input
          id={altId}
          value={alt}
          maxLength={PHOTO_ALT_MAX}
          placeholder={staffText('staff.listings.media.altPlaceholder')}
          onChange={(event) => setAlt(event.target.value)}
          onPressEnter={() => changed && void onSaveAlt(alt)}
        />
        <div className="listing-media__actions">
          <Button
            size="small"
            onClick={() => void onSaveAlt(alt)}
            disabled={busy || !changed}
            aria-label={staffText('staff.listings.media.saveAltLabel', { position })}
          >
            {staffText('staff.listings.media.saveAlt')}
          </Button>
          <Button
            size="small"
            data-move="earlier"
            onClick={() => onMove(index - 1, 'earlier')}
            disabled={busy || index === 0}
            aria-label={staffText('staff.listings.media.moveEarlierLabel', { position })}
          >
            {staffText('staff.listings.media.moveEarlier')}
          </Button>
          <Button
            size="small"
            data-move="later"
            onClick={() => onMove(index + 1, 'later')}
            disabled={busy || index === count - 1}
            aria-label={staffText('staff.listings.media.moveLaterLabel', { position })}
          >
            {staffText('staff.listings.media.moveLater')}
          </Button>
          <Popconfirm
            title={staffText('staff.listings.media.deleteConfirm')}
            okText={staffText('staff.listings.yes')}
            cancelText={staffText('staff.listings.no')}
            onConfirm={onDelete}
          >
            <Button size="small" danger disabled={busy} aria-label={staffText('staff.listings.media.deleteLabel', { position })}>
              {staffText('staff.listings.media.delete')}
            </Button>
          </Popconfirm>
        </div>
      </figcaption>
    </figure>
  );
}

function FloorPlanManager({ id, initial, onChanged }: { id: string; initial: ListingFile | null; onChanged(): void }) {
  const { message } = App.useApp();
  const [plan, setPlan] = useState(initial);
  const { busy, error, setError, run } = useSaving(onChanged, staffText('staff.listings.media.planFailed'), () => {
    if (fileInput.current) fileInput.current.value = '';
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    void run(staffText('staff.listings.media.uploadingPlan'), async () => {
      const answer = await uploadFloorPlan(id, file);
      setPlan(answer.floorPlan);
      message.success(answer.message);
    });
  };

  const remove = () =>
    run(staffText('staff.listings.media.removingPlan'), async () => {
      const answer = await removeFloorPlan(id);
      setPlan(answer.floorPlan);
      message.success(answer.message);
    });

  return (
    <section className="listing-media__section" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} className="listing-media__title">
        {staffText('staff.listings.media.floorPlan')}
      </Typography.Title>
      {plan ? (
        <div className="listing-media__plan">
          {plan.type === 'image' ? (
            <img className="listing-media__plan-image" src={plan.url} alt={staffText('staff.listings.media.planImage', { filename: plan.filename })} />
          ) : null}
          <a href={plan.url} target="_blank" rel="noopener noreferrer">
            {staffText('staff.listings.media.planLink', { filename: plan.filename, type: plan.type })}
          </a>
          <Popconfirm
            title={staffText('staff.listings.media.removePlanConfirm')}
            okText={staffText('staff.listings.yes')}
            cancelText={staffText('staff.listings.no')}
            onConfirm={remove}
          >
            <Button size="small" danger disabled={busy !== null}>
              {staffText('staff.listings.media.removePlan')}
            </Button>
          </Popconfirm>
        </div>
      ) : (
        <p className="listing-media__empty">{staffText('staff.listings.media.noPlan')}</p>
      )}
      <div className="listing-media__drop">
        <FileField
          label={plan ? staffText('staff.listings.media.replacePlan') : staffText('staff.listings.media.addPlan')}
          help={staffText('staff.listings.media.planHelp')}
          inputRef={fileInput}
          accept={FLOOR_PLAN_TYPES}
          onChange={onFile}
          disabled={busy !== null}
        />
      </div>
      <SavingStatus busy={busy} error={error} onClose={() => setError(null)} />
    </section>
  );
}

/** A file field of the media section: its label, the input and its help (which describes it). */
function FileField({
  label,
  help,
  inputRef,
  ...input
}: {
  label: string;
  help: string;
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  multiple?: boolean;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  disabled: boolean;
}) {
  const inputId = useId();
  return (
    <>
      <label htmlFor={inputId} className="listing-media__drop-label">
        {label}
      </label>
      <input id={inputId} ref={inputRef} type="file" aria-describedby={`${inputId}-help`} {...input} />
      <span id={`${inputId}-help`} className="listing-media__drop-help">
        {help}
      </span>
    </>
  );
}

/** The save under way (named) and the last failure, which staff can close. */
function SavingStatus({ busy, error, onClose }: { busy: string | null; error: string | null; onClose(): void }) {
  return (
    <>
      {busy ? (
        <p className="listing-media__busy" role="status">
          <Spin size="small" /> {busy}
        </p>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} className="listing-media__error" closable={{ onClose }} /> : null}
    </>
  );
}
