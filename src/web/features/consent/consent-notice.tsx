import { Link } from '#web/lib/site-nav';
import type { Notice } from '#shared/consent/consent.contract';
import { paths } from '#shared/paths';
import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages';
import { useLanguage, useT } from '#web/lib/i18n';
import './consent.css';

/**
 * The `lang` of a notice text on a page of another language: the notices are the studio's
 * own words, shown as the studio wrote them (a consent records the text shown), so a Hindi page marks
 * an English notice as English for screen readers. None on English pages, nor for a Devanagari text.
 */
export function noticeLang(text: string, page: Language): 'en' | undefined {
  return page === DEFAULT_LANGUAGE || /[\u0900-\u097f]/.test(text) ? undefined : 'en';
}

/** The notice text, with its mention of the privacy page as a link (the link's words in the page's language). */
function NoticeText({ text }: { text: string }) {
  const t = useT();
  const language = useLanguage();
  const parts = text.split(paths.privacy);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 ? (
            <Link to={paths.privacy} lang={noticeLang(text, language) ? language : undefined}>
              {t('consent.privacyLink')}
            </Link>
          ) : null}
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
 * What a form tells the visitor before they send it: the short notice, a link to the
 * full one, and the newsletter as a separate box that starts unticked.
 */
export function ConsentNotice({ idPrefix, notice, newsletterNotice, newsletter, onNewsletterChange }: ConsentNoticeProps) {
  const id = `${idPrefix}-newsletter`;
  const t = useT();
  const language = useLanguage();
  return (
    <div className="consent-notice">
      <p className="consent-notice__text" id={`${idPrefix}-notice`} lang={noticeLang(notice.text, language)}>
        <NoticeText text={notice.text} />
      </p>
      <div className="consent-notice__choice">
        <input
          id={id}
          type="checkbox"
          name="newsletter"
          checked={newsletter}
          onChange={(e) => onNewsletterChange(e.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <div>
          <label htmlFor={id}>{t('consent.newsletter')}</label>
          <p className="consent-notice__hint" id={`${id}-hint`} lang={noticeLang(newsletterNotice.text, language)}>
            {newsletterNotice.text}
          </p>
        </div>
      </div>
    </div>
  );
}
