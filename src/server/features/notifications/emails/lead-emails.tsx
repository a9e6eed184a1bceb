// Each component from its own package: the @react-email/components bundle also loads Tailwind,
// Markdown and a code highlighter (Prism), 38 MB of memory in every server process against 7 MB.
import { textsIn, type TextOf } from '#shared/i18n/translate';
import { DEFAULT_LANGUAGE, localizedPath, localizedUrl, type Language } from '#shared/i18n/languages';
import { Body } from '@react-email/body';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { matchLine, matchSections, type MatchAudience } from '#shared/matching/match-sections';
import { matchLineIn, sectionKeys } from '#shared/matching/match-text';
import { ENQUIRY_TOPIC_LABELS } from '#shared/contact/contact.contract';
import { formatRupees } from '#shared/i18n/format';
import type { MatchedListing } from '#shared/matching/listing-match';
import { listingPagePath } from '#shared/paths';
import { formatPhone, telHref } from '#shared/phone';
import type { StudioDetails } from '#shared/site';
import type { EventData } from '../event-data';
import type { OutgoingMail } from '../mailer';

/**
 * The two e-mails a lead causes: an HTML part built from React Email components (laid out in tables
 * for Gmail and Outlook on a phone) and a plain-text part written from the same data. Every value a
 * visitor typed goes into the HTML as a React child or attribute, so it is escaped.
 *
 * Rendered with react-dom's renderToStaticMarkup rather than React Email's `render`: measured here,
 * `render` took 1.9 ms for the HTML and 6.9 ms for its html-to-text plain part per staff mail, against
 * 0.7 ms for the same markup; the dispatcher shares the process with visitors' requests.
 */

const colors = { ink: '#0b1f3a', muted: '#5b6b80', line: '#d9e1ec', brand: '#13315c', page: '#f3f6fa' };
const body = { backgroundColor: colors.page, fontFamily: 'Inter, Segoe UI, Helvetica, Arial, sans-serif', color: colors.ink, margin: 0 };
const container = { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', padding: '24px', borderRadius: '8px' };
const label = { color: colors.muted, fontSize: '13px', margin: '0 0 2px' };
const value = { fontSize: '15px', margin: '0 0 12px', whiteSpace: 'pre-wrap' as const };

function AnswerList({ data }: { data: EventData }) {
  const answers = data.activity.answers ?? [];
  if (answers.length === 0) return null;
  return (
    <Section>
      <Heading as="h2" style={{ fontSize: '17px', margin: '20px 0 8px' }}>
        Answers
      </Heading>
      {answers.map((a, i) => (
        <Section key={i}>
          <Text style={label}>{a.question}</Text>
          <Text style={value}>{a.answer}</Text>
        </Section>
      ))}
    </Section>
  );
}

/**
 * The matches' sections as text: match-sections.ts's words and lines; for a visitor who answered in
 * another language, the same from the catalogue (staff read English).
 */
function toldSections(data: EventData, audience: MatchAudience, language: Language = DEFAULT_LANGUAGE) {
  return matchSections(data.matches, audience).map((section) => {
    if (audience === 'staff' || language === DEFAULT_LANGUAGE) return { ...section, lines: section.items.map(matchLine) };
    const t = textsIn(language);
    const keys = sectionKeys(section);
    return {
      ...section,
      title: t(keys.title),
      note: keys.note ? t(keys.note) : null,
      lines: section.items.map((item) => matchLineIn(t, language, item)),
    };
  });
}

/**
 * What the visitor's e-mail shows of each matched listing besides its words: its public page and
 * photo (absolute, on the site's configured address) and its price as the site writes it.
 */
export interface MatchLinks {
  siteUrl: string;
  /** By listing id; null or missing: no price shown. */
  prices: ReadonlyMap<string, number | null>;
}

interface ListingLink {
  url: string;
  image: string | null;
  price: string | null;
}

function listingLink(links: MatchLinks, kind: 'projects' | 'products', item: MatchedListing, language: Language): ListingLink {
  const base = `${links.siteUrl.replace(/\/+$/, '')}/`;
  const page = localizedPath(language, listingPagePath(kind === 'projects' ? 'project' : 'product', item._id));
  const price = links.prices.get(item._id);
  let image: string | null;
  try {
    image = item.image ? new URL(item.image, base).toString() : null;
  } catch {
    image = null;
  }
  return { url: new URL(page.replace(/^\/+/, ''), base).toString(), image, price: typeof price === 'number' ? formatRupees(language, price) : null };
}

/** The homes and decor matched to the answers, told as /result and the lead's page tell them (match-sections.ts). */
function Matches({
  data,
  audience,
  language = DEFAULT_LANGUAGE,
  links,
}: {
  data: EventData;
  audience: MatchAudience;
  language?: Language;
  links?: MatchLinks;
}) {
  const sections = toldSections(data, audience, language);
  if (sections.length === 0) return null;
  return (
    <Section>
      {sections.map((section) => (
        <Section key={section.kind}>
          <Heading as="h2" style={{ fontSize: '17px', margin: '20px 0 8px' }}>
            {section.title}
          </Heading>
          {section.note ? <Text style={{ ...value, color: colors.muted }}>{section.note}</Text> : null}
          {section.items.map((item, i) => {
            const line = section.lines[i]!;
            if (!links) {
              return (
                <Text key={item._id} style={value}>
                  {line}
                </Text>
              );
            }
            const link = listingLink(links, section.kind, item, language);
            // The line starts with the listing's name: the name becomes the link to its page.
            const rest = line.startsWith(item.name) ? line.slice(item.name.length) : ` ${line}`;
            return (
              <Section key={item._id} style={{ margin: '0 0 12px' }}>
                {link.image ? (
                  <Link href={link.url}>
                    <img
                      src={link.image}
                      alt={item.name}
                      width={120}
                      height={120}
                      style={{ display: 'block', border: 0, borderRadius: '6px', margin: '0 0 6px' }}
                    />
                  </Link>
                ) : null}
                <Text style={{ ...value, margin: '0 0 2px' }}>
                  <Link href={link.url}>{item.name}</Link>
                  {rest}
                </Text>
                {link.price ? <Text style={{ ...value, fontWeight: 600 }}>{link.price}</Text> : null}
              </Section>
            );
          })}
        </Section>
      ))}
    </Section>
  );
}

export interface StaffLeadEmailProps {
  data: EventData;
  leadUrl: string | null;
  studioName: string;
}

/** README "Channels": "Instagram bio" and "source instagram · medium social …" for the staff mail; null when none. */
function sourceLines(data: EventData): { channel: string | null; utm: string | null } {
  const utm = data.utm
    ? UTM_NAMES.filter((f) => data.utm?.[f])
        .map((f) => `${f} ${data.utm![f]}`)
        .join(' · ')
    : '';
  return { channel: data.channel?.name ?? null, utm: utm || null };
}

const UTM_NAMES = ['source', 'medium', 'campaign', 'content', 'term'] as const;

/** Who the lead is in a staff mail: the name, else the e-mail, else (known by phone only) the phone. */
function whoOf(data: EventData): string {
  return data.lead.name ?? (data.lead.email || (data.lead.phone ? formatPhone(data.lead.phone) : ''));
}

/** A lead sent by API: "99acres (by API, ENQ-104233)"; null for any other. */
function apiSourceLine(data: EventData): string | null {
  if (data.activity.type !== 'inbound' || !data.source) return null;
  return `${data.source} (by API${data.activity.externalId ? `, ${data.activity.externalId}` : ''})`;
}

export function StaffLeadEmail({ data, leadUrl, studioName }: StaffLeadEmailProps) {
  const came = sourceLines(data);
  const { lead, activity } = data;
  const who = whoOf(data);
  const apiSource = apiSourceLine(data);
  const what =
    activity.type === 'inbound'
      ? `came from ${data.source ?? 'another system'}`
      : activity.type === 'contact'
        ? data.listing
          ? `${activity.topic === 'site visit' ? 'would like a site visit at' : 'asked about'} ${data.listing.name}`
          : `sent a message${activity.requestQuotation ? ` about ${activity.requestQuotation}` : ''}`
        : activity.type === 'response'
          ? `answered ${activity.campaignName ?? 'the survey'}`
          : activity.campaignName
            ? `started ${activity.campaignName} and has not finished it`
            : 'signed up for the newsletter';
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${who} ${what}`}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Heading as="h1" style={{ fontSize: '20px', margin: '0 0 4px' }}>
            New lead: {who}
          </Heading>
          <Text style={{ ...label, fontSize: '14px', margin: '0 0 16px' }}>
            {who} {what}.
          </Text>
          <Row>
            {lead.email ? (
              <Column>
                <Text style={label}>E-mail</Text>
                <Text style={value}>
                  <Link href={`mailto:${lead.email}`}>{lead.email}</Link>
                </Text>
              </Column>
            ) : null}
            {lead.phone ? (
              <Column>
                <Text style={label}>Phone</Text>
                <Text style={value}>
                  <Link href={telHref(lead.phone)}>{formatPhone(lead.phone)}</Link>
                </Text>
              </Column>
            ) : null}
          </Row>
          {apiSource ? (
            <Section>
              <Text style={label}>Source</Text>
              <Text style={value}>{apiSource}</Text>
            </Section>
          ) : null}
          {data.listing ? (
            <Row>
              <Column>
                <Text style={label}>About</Text>
                <Text style={value}>
                  <Link href={data.listing.url}>{data.listing.name}</Link>
                </Text>
              </Column>
              {activity.topic ? (
                <Column>
                  <Text style={label}>Interest</Text>
                  <Text style={value}>{ENQUIRY_TOPIC_LABELS[activity.topic]}</Text>
                </Column>
              ) : null}
            </Row>
          ) : null}
          {came.channel || came.utm ? (
            <Row>
              {came.channel ? (
                <Column>
                  <Text style={label}>Channel</Text>
                  <Text style={value}>{came.channel}</Text>
                </Column>
              ) : null}
              {came.utm ? (
                <Column>
                  <Text style={label}>UTM</Text>
                  <Text style={value}>{came.utm}</Text>
                </Column>
              ) : null}
            </Row>
          ) : null}
          {activity.message ? (
            <Section>
              <Text style={label}>Message</Text>
              <Text style={value}>{activity.message}</Text>
            </Section>
          ) : null}
          <AnswerList data={data} />
          <Matches data={data} audience="staff" />
          {leadUrl ? (
            <Section style={{ margin: '20px 0 0' }}>
              <Link
                href={leadUrl}
                style={{ backgroundColor: colors.brand, color: '#ffffff', padding: '10px 16px', borderRadius: '6px', textDecoration: 'none' }}
              >
                Open the lead
              </Link>
            </Section>
          ) : null}
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Text style={{ ...label, fontSize: '12px' }}>Sent by {studioName}'s website.</Text>
        </Container>
      </Body>
    </Html>
  );
}

export interface VisitorConfirmationEmailProps {
  data: EventData;
  studio: StudioDetails;
  unsubscribeUrl?: string;
  links?: MatchLinks;
}

/** Where a visitor stops all mail from the studio: one button on the page it opens. */
export interface VisitorUnsubscribe {
  pageUrl: string;
  headers: Record<string, string>;
}

/**
 * The unsubscribe page in the mail's language (`/hi/unsubscribe?…` for a Hindi mail); the one-click
 * headers post to the API and stay as they are.
 */
function unsubscribeIn(language: Language, unsubscribe: VisitorUnsubscribe | undefined): VisitorUnsubscribe | undefined {
  return unsubscribe ? { ...unsubscribe, pageUrl: localizedUrl(language, unsubscribe.pageUrl) } : undefined;
}

function UnsubscribeLine({ url, t }: { url?: string; t: TextOf }) {
  if (!url) return null;
  return (
    <Text style={{ ...label, fontSize: '12px' }}>
      {t('mail.unsubscribeAsk')}
      <Link href={url}>{t('mail.unsubscribeLink')}</Link>.
    </Text>
  );
}

const unsubscribeText = (t: TextOf, unsubscribe?: VisitorUnsubscribe) => (unsubscribe ? ['', t('mail.unsubscribeText', { url: unsubscribe.pageUrl })] : []);

/**
 * The visitor's confirmation. Nothing a visitor typed goes in it, not even their name or answers
 * (decision 0014): anyone can give any address, so the mail carries only what the
 * studio wrote — the survey's name, the homes and decor matched, the studio's details.
 */
export function VisitorConfirmationEmail({ data, studio, unsubscribeUrl, links }: VisitorConfirmationEmailProps) {
  const language = data.activity.language ?? DEFAULT_LANGUAGE;
  const t = textsIn(language);
  return (
    <Html lang={language}>
      <Head />
      <Preview>{t('mail.confirm.preview', { studio: studio.name })}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Heading as="h1" style={{ fontSize: '20px', margin: '0 0 8px' }}>
            {t('mail.confirm.heading')}
          </Heading>
          <Text style={{ fontSize: '15px', margin: '0 0 8px' }}>{t('mail.confirm.text', { studio: studio.name })}</Text>
          {data.activity.campaignName ? (
            <Text style={{ fontSize: '15px', margin: '0 0 8px' }}>{t('mail.confirm.received', { campaign: data.activity.campaignName })}</Text>
          ) : null}
          <Matches data={data} audience="visitor" language={language} links={links} />
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Text style={label}>{studio.name}</Text>
          <Text style={value}>{studio.address}</Text>
          <Text style={value}>
            <Link href={telHref(studio.phone)}>{formatPhone(studio.phone)}</Link> · <Link href={`mailto:${studio.email}`}>{studio.email}</Link>
          </Text>
          <UnsubscribeLine url={unsubscribeUrl} t={t} />
        </Container>
      </Body>
    </Html>
  );
}

export interface ResumeLinkEmailProps {
  url: string;
  campaignName: string | null;
  studio: StudioDetails;
  unsubscribeUrl?: string;
  /** The language the visitor answers in (English unless given). */
  language?: Language;
}

/** The visitor's "continue" e-mail: a link back to their unfinished answers, nothing else. */
export function ResumeLinkEmail({ url, campaignName, studio, unsubscribeUrl, language = DEFAULT_LANGUAGE }: ResumeLinkEmailProps) {
  const t = textsIn(language);
  return (
    <Html lang={language}>
      <Head />
      <Preview>{t('mail.resume.subject', { studio: studio.name })}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Heading as="h1" style={{ fontSize: '20px', margin: '0 0 8px' }}>
            {t('mail.resume.heading')}
          </Heading>
          <Text style={{ fontSize: '15px', margin: '0 0 16px' }}>
            {campaignName ? t('mail.resume.keptNamed', { campaign: campaignName }) : t('mail.resume.kept')}
          </Text>
          <Section style={{ margin: '0 0 16px' }}>
            <Link href={url} style={{ backgroundColor: colors.brand, color: '#ffffff', padding: '10px 16px', borderRadius: '6px', textDecoration: 'none' }}>
              {t('mail.resume.button')}
            </Link>
          </Section>
          <Text style={label}>{t('mail.resume.ignore')}</Text>
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Text style={label}>{studio.name}</Text>
          <UnsubscribeLine url={unsubscribeUrl} t={t} />
        </Container>
      </Body>
    </Html>
  );
}

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

function toMail(element: ReactElement, text: string, mail: Omit<OutgoingMail, 'html' | 'text'>): OutgoingMail {
  return { ...mail, html: `${DOCTYPE}${renderToStaticMarkup(element)}`, text };
}

/** Answers (unless left out) and matches as plain text: "Question\n  answer" blocks; with links, each listing's price and page under it. */
function textBlocks(data: EventData, audience: MatchAudience, withAnswers = true, language: Language = DEFAULT_LANGUAGE, links?: MatchLinks): string[] {
  const blocks: string[] = [];
  const answers = withAnswers ? (data.activity.answers ?? []) : [];
  if (answers.length > 0) blocks.push(['Answers', ...answers.map((a) => `${a.question}\n  ${a.answer.replace(/\n/g, '\n  ')}`)].join('\n\n'));
  for (const section of toldSections(data, audience, language)) {
    const lines = section.lines.map((line, i) => {
      if (!links) return `- ${line}`;
      const link = listingLink(links, section.kind, section.items[i]!, language);
      return [`- ${line}`, ...(link.price ? [`  ${link.price}`] : []), `  ${link.url}`].join('\n');
    });
    blocks.push([section.title, ...(section.note ? [section.note] : []), ...lines].join('\n'));
  }
  return blocks;
}

function staffText(data: EventData, leadUrl: string | null, studioName: string): string {
  const { lead, activity } = data;
  const lines = [`New lead: ${whoOf(data)}`, ''];
  if (lead.email) lines.push(`E-mail: ${lead.email}`);
  if (lead.phone) lines.push(`Phone: ${formatPhone(lead.phone)}`);
  const apiSource = apiSourceLine(data);
  if (apiSource) lines.push(`Source: ${apiSource}`);
  if (activity.campaignName) lines.push(`Survey: ${activity.campaignName}${activity.type === 'email' ? ' (not finished)' : ''}`);
  if (data.listing) {
    // The listing the message is about, with its public page, and what the visitor wants.
    lines.push(`About: ${data.listing.name} — ${data.listing.url}`);
    if (activity.topic) lines.push(`Interest: ${ENQUIRY_TOPIC_LABELS[activity.topic]}`);
  } else if (activity.requestQuotation) lines.push(`About: ${activity.requestQuotation}`);
  const came = sourceLines(data);
  if (came.channel) lines.push(`Channel: ${came.channel}`);
  if (came.utm) lines.push(`UTM: ${came.utm}`);
  if (activity.message) lines.push('', 'Message', activity.message);
  const blocks = textBlocks(data, 'staff');
  if (blocks.length) lines.push('', blocks.join('\n\n'));
  if (leadUrl) lines.push('', `Open the lead: ${leadUrl}`);
  lines.push('', `Sent by ${studioName}'s website.`);
  return lines.join('\n');
}

/** The confirmation as plain text: as the HTML, nothing the visitor typed (decision 0014). */
function visitorText(data: EventData, studio: StudioDetails, t: TextOf, links?: MatchLinks): string {
  const lines = [t('mail.confirm.heading'), '', t('mail.confirm.text', { studio: studio.name })];
  // The campaign's name is the studio's words, not the visitor's.
  if (data.activity.campaignName) lines.push(t('mail.confirm.received', { campaign: data.activity.campaignName }));
  const blocks = textBlocks(data, 'visitor', false, data.activity.language ?? DEFAULT_LANGUAGE, links);
  if (blocks.length) lines.push('', blocks.join('\n\n'));
  lines.push('', studio.name, studio.address, `${studio.phone} · ${studio.email}`);
  return lines.join('\n');
}

/**
 * Subject: `New lead: <name or e-mail> — <campaign name or "Contact">`; a message about a listing
 * names it instead of "Contact" (`— Lakeside Residency`, `— Site visit: Lakeside Residency`).
 */
export function staffSubject(data: EventData): string {
  const who = whoOf(data);
  const about = data.listing ? `${data.activity.topic === 'site visit' ? 'Site visit: ' : ''}${data.listing.name}` : 'Contact';
  const where =
    data.activity.type === 'inbound'
      ? (data.source ?? 'API')
      : data.activity.type === 'contact'
        ? about
        : (data.activity.campaignName ?? (data.activity.type === 'email' ? 'Newsletter' : 'Survey'));
  return `New lead: ${who} — ${where}`.replace(/[\r\n]+/g, ' ');
}

export function staffLeadMail(data: EventData, options: { to: string[]; leadUrl: string | null; studioName: string }): OutgoingMail {
  const text = staffText(data, options.leadUrl, options.studioName);
  return toMail(<StaffLeadEmail data={data} leadUrl={options.leadUrl} studioName={options.studioName} />, text, {
    to: options.to,
    subject: staffSubject(data),
    // A lead known by phone only has no address to answer to.
    ...(data.lead.email ? { replyTo: data.lead.email } : {}),
  });
}

export function visitorConfirmationMail(data: EventData, studio: StudioDetails, unsubscribeLinks?: VisitorUnsubscribe, links?: MatchLinks): OutgoingMail {
  const language = data.activity.language ?? DEFAULT_LANGUAGE;
  const t = textsIn(language);
  const unsubscribe = unsubscribeIn(language, unsubscribeLinks);
  const text = [visitorText(data, studio, t, links), ...unsubscribeText(t, unsubscribe)].join('\n');
  return toMail(<VisitorConfirmationEmail data={data} studio={studio} unsubscribeUrl={unsubscribe?.pageUrl} links={links} />, text, {
    to: [data.lead.email],
    subject: t('mail.confirm.subject', { studio: studio.name }),
    replyTo: studio.email,
    ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
  });
}

export function resumeLinkMail(options: {
  to: string;
  url: string;
  campaignName: string | null;
  studio: StudioDetails;
  unsubscribe?: VisitorUnsubscribe;
  language?: Language;
}): OutgoingMail {
  const { to, url, campaignName, studio, language = DEFAULT_LANGUAGE } = options;
  const t = textsIn(language);
  const unsubscribe = unsubscribeIn(language, options.unsubscribe);
  const text = [
    t('mail.resume.heading'),
    '',
    campaignName ? t('mail.resume.keptNamedText', { campaign: campaignName }) : t('mail.resume.keptText'),
    '',
    url,
    '',
    t('mail.resume.ignore'),
    '',
    studio.name,
    ...unsubscribeText(t, unsubscribe),
  ].join('\n');
  return toMail(<ResumeLinkEmail url={url} campaignName={campaignName} studio={studio} unsubscribeUrl={unsubscribe?.pageUrl} language={language} />, text, {
    to: [to],
    subject: t('mail.resume.subject', { studio: studio.name }),
    replyTo: studio.email,
    ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
  });
}
