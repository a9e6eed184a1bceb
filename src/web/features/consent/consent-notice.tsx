import { Link } from 'react-router';
import type { Notice } from '#shared/consent/consent.contract';
import { paths } from '#shared/paths';
import './consent.css';

/** The notice text, with its mention of the privacy page as a link. */
function NoticeText({ text }: { text: string }) {
  const parts = text.split(paths.privacy);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 ? <Link to={paths.privacy}>privacy notice</Link> : null}
        </span>
      ))}
    </>
  );
}

export interface ConsentNoticeProps {
  /** Gives the checkbox a unique id on the page. */
  idPrefix: string;
  notice: Notice;
  newsletterNotice: Notice;
  newsletter: boolean;
  onNewsletterChange: (checked: boolean) => void;
}

/**
 * What a form tells the visitor before they send it (issue 24 §5): the short notice, a link to the
 * full one, and the newsletter as a separate box that starts unticked.
 */
export function ConsentNotice({ idPrefix, notice, newsletterNotice, newsletter, onNewsletterChange }: ConsentNoticeProps) {
  const id = `${idPrefix}-newsletter`;
  return (
    <div className="consent-notice">
      <p className="consent-notice__text" id={`${idPrefix}-notice`}>
        <NoticeText text={notice.text} />
      </p>
      <div className="consent-notice__choice">
        <input id={id} type="checkbox" name="newsletter" checked={newsletter} onChange={(e) => onNewsletterChange(e.target.checked)} aria-describedby={`${id}-hint`} />
        <div>
          <label htmlFor={id}>Send me the newsletter</label>
          <p className="consent-notice__hint" id={`${id}-hint`}>
            {newsletterNotice.text}
          </p>
        </div>
      </div>
    </div>
  );
}
