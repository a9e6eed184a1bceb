import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { photoSrcSet, photoUrl, type ListingPhoto } from '#shared/listings/listing-photos';
import { IMAGE_SIZE } from '#shared/listings/listings.contract';
import { CloseIcon } from '#web/components/icons';
import { useT, type Translate } from '#web/lib/i18n';
import { useClientRender } from '#web/lib/use-hydrated';

/** One picture of the gallery: a photo in its sizes and formats, or the listing's 300×300 image. */
export interface GalleryPicture {
  key: string;
  alt: string;
  width: number;
  height: number;
  /** The JPEG shown by browsers without `srcset` (and the share card's). */
  src: string;
  /** Per format, when the picture has sizes (photos); the 300×300 image has one. */
  srcSet?: { avif: string; webp: string; jpeg: string };
}

/** The width of the JPEG an `<img src>` falls back to: the one nearest 960 px it has. */
function fallbackWidth(widths: number[]): number {
  return widths.reduce((best, w) => (Math.abs(w - 960) < Math.abs(best - 960) ? w : best), widths[0] ?? 960);
}

/** The listing's photos, cover first; the specification's 300×300 image when it has none. `t`: the page's language (English without it). */
export function galleryPictures(name: string, image: string, photos: ListingPhoto[], t?: Translate): GalleryPicture[] {
  if (photos.length === 0)
    return [{ key: 'image', alt: t ? t('listings.pictureOf', { name }) : `Picture of ${name}`, width: IMAGE_SIZE, height: IMAGE_SIZE, src: image }];
  return photos.map((photo, i) => ({
    key: photo.id,
    alt: photo.alt || (t ? t('gallery.photoOf', { name, n: String(i + 1), count: String(photos.length) }) : `${name}, photo ${i + 1} of ${photos.length}`),
    width: photo.width,
    height: photo.height,
    src: photoUrl(photo.id, fallbackWidth(photo.widths), 'jpeg'),
    srcSet: { avif: photoSrcSet(photo, 'avif'), webp: photoSrcSet(photo, 'webp'), jpeg: photoSrcSet(photo, 'jpeg') },
  }));
}

/** The URL of the largest JPEG of the first picture (share cards), relative to the site. */
export function coverImage(image: string, photos: ListingPhoto[]): { url: string; width: number; height: number } {
  const cover = photos[0];
  if (!cover) return { url: image, width: IMAGE_SIZE, height: IMAGE_SIZE };
  const width = cover.widths.filter((w) => w <= 1280).at(-1) ?? cover.widths[0] ?? cover.width;
  return { url: photoUrl(cover.id, width, 'jpeg'), width, height: Math.round((cover.height * width) / cover.width) };
}

/** The gallery's column: the whole width on a phone, the page's left column on a desktop (listing-page.css). */
const GALLERY_SIZES = '(min-width: 1160px) 704px, (min-width: 960px) calc(100vw - 470px), 100vw';

function Picture({ picture, sizes, eager }: { picture: GalleryPicture; sizes: string; eager: boolean }) {
  const img = (
    <img
      src={picture.src}
      srcSet={picture.srcSet?.jpeg}
      sizes={picture.srcSet ? sizes : undefined}
      alt={picture.alt}
      width={picture.width}
      height={picture.height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? 'sync' : 'async'}
      draggable={false}
    />
  );
  if (!picture.srcSet) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={picture.srcSet.avif} sizes={sizes} />
      <source type="image/webp" srcSet={picture.srcSet.webp} sizes={sizes} />
      {img}
    </picture>
  );
}

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Which slide a scrolled track shows (the nearest to its left edge). */
function slideIndex(track: HTMLElement): number {
  return track.clientWidth > 0 ? Math.round(track.scrollLeft / track.clientWidth) : 0;
}

/** Scrolls a track to slide `index`. */
function showSlide(track: HTMLElement | null, index: number, smooth: boolean): void {
  track?.scrollTo({ left: index * track.clientWidth, behavior: smooth && !reducedMotion() ? 'smooth' : 'instant' });
}

/** Arrow keys, Home and End move through the slides. */
function slideKey(event: KeyboardEvent, index: number, count: number): number | null {
  const next = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[event.key];
  if (next === undefined) return null;
  event.preventDefault();
  return Math.min(count - 1, Math.max(0, next));
}

/**
 * The listing's pictures: a row that snaps one picture at a time (swiped on a phone, scrolled without
 * script), with previous/next buttons, the arrow keys and a full-screen view once the page runs. The
 * first picture loads at once and first; the others as they come near. Each keeps its width and
 * height, and the frame its shape, so nothing moves as they arrive.
 */
export function ListingGallery({ name, pictures }: { name: string; pictures: GalleryPicture[] }) {
  const track = useRef<HTMLDivElement>(null);
  const fullTrack = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  // Buttons that need script appear once it runs; without it the row still scrolls and snaps.
  const running = useClientRender();
  const t = useT();
  const count = pictures.length;
  const several = count > 1;

  const go = useCallback((next: number) => showSlide(track.current, Math.min(count - 1, Math.max(0, next)), true), [count]);
  const goFull = (next: number) => showSlide(fullTrack.current, Math.min(count - 1, Math.max(0, next)), true);

  const openFull = () => {
    setFull(true);
    dialog.current?.showModal();
  };
  // Once the full-screen slides exist, start at the picture the page showed.
  useEffect(() => {
    if (full) showSlide(fullTrack.current, index, false);
    // Only when it opens: `index` follows the full-screen view while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [full]);
  const closed = () => {
    setFull(false);
    showSlide(track.current, index, false);
  };

  const counter = several ? `Photo ${index + 1} of ${count}` : '';
  return (
    <section className={running ? 'gallery gallery--running' : 'gallery'} aria-label={t('gallery.photosOf', { name })}>
      <div
        ref={track}
        className="gallery__track"
        // A scrollable region is reachable by keyboard (and named by its section).
        tabIndex={several ? 0 : undefined}
        role={several ? 'group' : undefined}
        aria-label={several ? t('gallery.photosKeys', { name }) : undefined}
        onScroll={(e) => setIndex(slideIndex(e.currentTarget))}
        onKeyDown={(e) => {
          const next = slideKey(e, index, count);
          if (next !== null) go(next);
        }}
      >
        {pictures.map((picture, i) => (
          <figure
            key={picture.key}
            className={picture.srcSet ? 'gallery__slide' : 'gallery__slide gallery__slide--image'}
            onClick={running ? openFull : undefined}
          >
            <Picture picture={picture} sizes={GALLERY_SIZES} eager={i === 0} />
          </figure>
        ))}
      </div>
      {several ? (
        <p className="gallery__counter" aria-live="polite">
          {counter}
        </p>
      ) : null}
      {running && several ? (
        <>
          <button
            type="button"
            className="gallery__nav gallery__nav--prev"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label={t('gallery.previous')}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="gallery__nav gallery__nav--next"
            onClick={() => go(index + 1)}
            disabled={index === count - 1}
            aria-label={t('gallery.next')}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      ) : null}
      {running ? (
        <button type="button" className="gallery__full" onClick={openFull}>
          {t('gallery.fullScreen')}
          <span className="visually-hidden">{t('gallery.fullScreenOf', { name })}</span>
        </button>
      ) : null}
      <dialog ref={dialog} className="gallery-dialog" aria-label={t('gallery.dialog', { name })} onClose={closed}>
        {full ? (
          <>
            <div
              ref={fullTrack}
              className="gallery-dialog__track"
              tabIndex={0}
              role="group"
              aria-label={t('gallery.dialogKeys', { name })}
              onScroll={(e) => setIndex(slideIndex(e.currentTarget))}
              onKeyDown={(e) => {
                const next = slideKey(e, index, count);
                if (next !== null) goFull(next);
              }}
            >
              {pictures.map((picture, i) => (
                <figure key={picture.key} className="gallery-dialog__slide">
                  <Picture picture={picture} sizes="100vw" eager={i === index} />
                </figure>
              ))}
            </div>
            {several ? (
              <>
                <p className="gallery-dialog__counter" aria-live="polite">
                  {counter}
                </p>
                <button
                  type="button"
                  className="gallery__nav gallery__nav--prev"
                  onClick={() => goFull(index - 1)}
                  disabled={index === 0}
                  aria-label={t('gallery.previous')}
                >
                  <span aria-hidden="true">‹</span>
                </button>
                <button
                  type="button"
                  className="gallery__nav gallery__nav--next"
                  onClick={() => goFull(index + 1)}
                  disabled={index === count - 1}
                  aria-label={t('gallery.next')}
                >
                  <span aria-hidden="true">›</span>
                </button>
              </>
            ) : null}
            <button type="button" className="gallery-dialog__close" onClick={() => dialog.current?.close()} aria-label={t('gallery.close')} autoFocus>
              <CloseIcon width={24} height={24} />
            </button>
          </>
        ) : null}
      </dialog>
    </section>
  );
}
