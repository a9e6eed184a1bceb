import { ArrowLeftOutlined, MailOutlined, PhoneOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Empty, Input, Select, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  LEAD_MESSAGES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  NOTE_MAX,
  leadNoteInput,
  type LeadActivity,
  type LeadStatus,
  type LeadTimelineEntry,
  type LeadTouch,
} from '#shared/leads/leads.contract';
import { matchDetail, matchSections } from '#shared/matching/match-sections';
import { leadPath, listingPagePath, paths } from '#shared/paths';
import { ENQUIRY_TOPIC_LABELS } from '#shared/contact/contact.contract';
import { PageMeta } from '#web/components/page-meta';
import { api, ApiError, errorMessage } from '#web/lib/api-client';
import { formatDateTime, fromStudioInput, studioTimeZone } from '#web/lib/studio-time';
import { SYSTEM_ROUTES } from '#shared/system/system.api';
import { LoadFailed, loadPageData, usePageReload } from '#web/lib/page-data';
import { formatPhone } from '#shared/phone';
import { askedAbout, leadGreeting, mailtoHref, telHrefOf, whatsAppHref } from '../lead-links';
import { addLeadNote, clearNextAction, fetchLead, fetchStaff, patchLead, setNextAction, type StaffMember } from '../leads-api';
import { SurveyFileLinks } from '#web/features/responses/staff';
import { channelText, leadName, leadSourcesText, STATUS_COLORS, utmText } from './lead-format';
import { LeadPrivacyCard } from '#web/features/privacy/staff';
import { LeadMergeCard } from './lead-merge-card';
import { LeadVisitsCard } from '#web/features/visits/staff';
import { currentStaff } from '#web/lib/auth-token';
import { staffText } from '#web/lib/staff-text';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import './leads.css';

/** The lead (its page), and the staff it can be assigned to (the page works without them). */
export async function loader({ params }: LoaderFunctionArgs) {
  const staff = fetchStaff().catch(() => [] as StaffMember[]);
  // The studio's name as its settings say (greetings and subjects); without it, none is named.
  const studio = api.call(SYSTEM_ROUTES.site).then(
    (site) => site.name,
    () => '',
  );
  const lead = await loadPageData(() => fetchLead(params.id ?? ''), staffText('staff.leads.lead.loadFailed'));
  // A merged lead's address answers 301 to the kept lead (fetch follows it): show it at its own address.
  if (lead.data && lead.data._id !== params.id) throw redirect(leadPath(lead.data._id));
  return { ...lead, staff: await staff, studio: await studio };
}

const ACTIVITY_TITLES: Record<LeadActivity['type'], StaffMessageKey> = {
  email: 'staff.leads.lead.activity.email',
  response: 'staff.leads.lead.activity.response',
  progress: 'staff.leads.lead.activity.progress',
  contact: 'staff.leads.lead.activity.contact',
  newsletter: 'staff.leads.lead.activity.newsletter',
};

type MatchedListings = NonNullable<LeadActivity['matches']>;

/**
 * The homes and decor matched to a response (22): the same result, told the same way, as
 * the visitor saw on /result and in their e-mail; the nearest, with why each is not a fit, when none fits.
 */
function LeadMatches({ matches }: { matches: MatchedListings }) {
  const sections = matchSections(matches, 'staff');
  if (sections.length === 0) return null;
  return (
    <>
      {sections.map((section) => (
        <section key={section.kind} className="lead-matches" aria-label={section.title}>
          <h4 className="lead-matches__title">{section.title}</h4>
          {section.note ? <p className="lead-activity__text leads-muted">{section.note}</p> : null}
          {section.items.length > 0 ? (
            <ul className="lead-matches__list">
              {section.items.map((item) => {
                const detail = matchDetail(item);
                return (
                  <li key={item._id}>
                    <strong>{item.name}</strong>
                    {detail ? <span className="leads-muted"> — {detail}</span> : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}

/** A first or latest touch: the channel and when, then its UTM values (README "Channels"). */
function TouchText({ touch }: { touch: LeadTouch | null }) {
  if (!touch) return <span className="leads-muted">{staffText('staff.channels.touch.none')}</span>;
  const utm = utmText(touch);
  return (
    <span className="leads-who">
      <span>{staffText('staff.channels.touch.when', { channel: channelText(touch), when: formatDateTime(touch.at) })}</span>
      {utm ? <span className="leads-muted">{staffText('staff.channels.touch.utm', { utm })}</span> : null}
    </span>
  );
}

function ActivityCard({ activity }: { activity: LeadActivity }) {
  const unfinished = activity.type !== 'contact' && activity.type !== 'newsletter' && activity.completed === false;
  return (
    <li className="lead-activity">
      <div className="lead-activity__head">
        <strong>{staffText(ACTIVITY_TITLES[activity.type])}</strong>
        {activity.campaignName ? <span> · {activity.campaignName}</span> : null}
        {unfinished ? <Tag color="#6b4a00">{staffText('staff.leads.lead.activity.unfinished')}</Tag> : null}
        <span className="leads-muted lead-activity__at">
          {activity.type === 'progress' ? staffText('staff.leads.lead.activity.lastSaved', { when: formatDateTime(activity.at) }) : formatDateTime(activity.at)}
        </span>
      </div>
      {activity.type === 'progress' && activity.page !== undefined ? (
        <p className="lead-activity__text leads-muted">
          {staffText('staff.leads.lead.activity.stoppedOnPage', { page: activity.page })}
          {activity.furthestPage !== undefined && activity.furthestPage > activity.page
            ? staffText('staff.leads.lead.activity.reachedPage', { page: activity.furthestPage })
            : ''}
        </p>
      ) : null}
      {activity.answers && activity.answers.length > 0 ? (
        <dl className="lead-answers">
          {activity.answers.map((a, i) => (
            <div key={i} className="lead-answers__row">
              <dt>{a.question}</dt>
              <dd>{a.files && a.files.length > 0 ? <SurveyFileLinks files={a.files} /> : a.answer || '—'}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {activity.matches ? <LeadMatches matches={activity.matches} /> : null}
      {activity.listing ? (
        // The listing as named when the message came, linking its public page; what for; the phone given.
        <p className="lead-activity__text lead-activity__listing">
          {staffText('staff.leads.lead.activity.about')}
          <a href={listingPagePath(activity.listing.kind, activity.listing.id)}>{activity.listing.name}</a>
          {activity.topic ? <Tag color={activity.topic === 'site visit' ? '#6b4a00' : 'default'}>{ENQUIRY_TOPIC_LABELS[activity.topic]}</Tag> : null}
          <span className="leads-muted"> · {activity.requestQuotation}</span>
        </p>
      ) : activity.requestQuotation ? (
        <p className="lead-activity__text">
          {staffText('staff.leads.lead.activity.about')}
          {activity.requestQuotation}
        </p>
      ) : null}
      {activity.phone ? (
        <p className="lead-activity__text leads-muted">{staffText('staff.leads.lead.activity.phoneGiven', { phone: formatPhone(activity.phone) })}</p>
      ) : null}
      {activity.message ? <p className="lead-activity__text lead-activity__message">{activity.message}</p> : null}
    </li>
  );
}

function timelineText(entry: LeadTimelineEntry, staff: StaffMember[]): string {
  const name = (id: string | null | undefined) => (id ? (staff.find((s) => s.id === id)?.name ?? id) : staffText('staff.leads.lead.history.nobody'));
  const status = (s: string | null | undefined) => (s ? (LEAD_STATUS_LABELS[s as LeadStatus] ?? s) : '—');
  if (entry.type === 'status') return staffText('staff.leads.lead.history.status', { by: entry.by, from: status(entry.from), to: status(entry.to) });
  if (entry.type === 'assign') return staffText('staff.leads.lead.history.assign', { by: entry.by, name: name(entry.to) });
  return staffText('staff.leads.lead.history.note', { by: entry.by });
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const { reload } = usePageReload();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'status' | 'assign' | 'note' | 'next' | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [nextText, setNextText] = useState('');
  const [nextDue, setNextDue] = useState('');
  const [nextError, setNextError] = useState<string | null>(null);

  if (!data.data) {
    return (
      <div className="leads-page">
        <PageMeta title={staffText('staff.leads.lead.title')} description={staffText('staff.leads.lead.description')} />
        <Link to={paths.leads}>
          <ArrowLeftOutlined /> {staffText('staff.leads.lead.allLeads')}
        </Link>
        <LoadFailed message={staffText('staff.leads.lead.loadFailed')} reason={data.error} notFound={data.notFound ? LEAD_MESSAGES.notFound : undefined} />
      </div>
    );
  }
  const lead = data.data;
  const title = leadName(lead);
  const contactRequest = lead.activities.find((a) => a.type === 'contact')?.requestQuotation;
  const enquiry = lead.activities.filter((a) => a.type === 'contact' && a.listing).at(-1);
  const about = askedAbout(lead, contactRequest, enquiry?.listing && { name: enquiry.listing.name, topic: enquiry.topic });
  const studio = data.studio || 'our studio';
  const greeting = leadGreeting(lead.name, studio, about);
  const activities = [...lead.activities].sort((a, b) => a.at.localeCompare(b.at));
  const timeline = [...lead.timeline].sort((a, b) => a.at.localeCompare(b.at));

  async function change(kind: 'status' | 'assign', patch: Parameters<typeof patchLead>[1]) {
    setBusy(kind);
    try {
      const res = await patchLead(lead._id, patch);
      void message.success(res.message);
      await reload();
    } catch (error) {
      void message.error(errorMessage(error, staffText('staff.leads.lead.updateFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function saveNextAction(clear: boolean) {
    // The field is read on the studio's clock, as the page shows times.
    const due = nextDue ? fromStudioInput(nextDue) : null;
    if (!clear && (!nextText.trim() || !due)) {
      setNextError(staffText('staff.leads.lead.nextActionRequired'));
      return;
    }
    setNextError(null);
    setBusy('next');
    try {
      const res = clear ? await clearNextAction(lead._id) : await setNextAction(lead._id, { text: nextText.trim(), dueAt: due!.toISOString() });
      void message.success(res.message);
      await reload();
    } catch (error) {
      setNextError(errorMessage(error, staffText('staff.leads.lead.nextActionFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function submitNote() {
    const parsed = leadNoteInput.safeParse({ text: note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? LEAD_MESSAGES.noteRequired);
      return;
    }
    setNoteError(null);
    setBusy('note');
    try {
      const res = await addLeadNote(lead._id, parsed.data.text);
      void message.success(res.message);
      setNote('');
      await reload();
    } catch (error) {
      const text = errorMessage(error, staffText('staff.leads.lead.noteFailed'));
      setNoteError(error instanceof ApiError && error.errors[0] ? error.errors[0].message : text);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="leads-page lead-page">
      <PageMeta title={staffText('staff.leads.lead.titleOf', { name: title })} description={staffText('staff.leads.lead.descriptionOf')} />
      <Link to={paths.leads} className="lead-back">
        <ArrowLeftOutlined /> {staffText('staff.leads.lead.allLeads')}
      </Link>
      <div className="leads-head">
        <Typography.Title level={1} className="leads-title">
          {title}
        </Typography.Title>
        <Tag color={STATUS_COLORS[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Tag>
      </div>

      <div className="lead-grid">
        <div className="lead-main">
          <Card title={<h2 className="lead-card-title">{staffText('staff.leads.lead.contact')}</h2>} size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={staffText('staff.leads.lead.name')}>{lead.name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={staffText('staff.leads.lead.email')}>{lead.email ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={staffText('staff.leads.lead.phone')}>{lead.phone ? formatPhone(lead.phone) : '—'}</Descriptions.Item>
              <Descriptions.Item label={staffText('staff.leads.lead.sources')}>{leadSourcesText(lead) || '—'}</Descriptions.Item>
              <Descriptions.Item label={staffText('staff.leads.lead.firstSeen')}>{formatDateTime(lead.createdAt)}</Descriptions.Item>
              {/* README "Channels": where the person came from, first and latest. */}
              <Descriptions.Item label={staffText('staff.channels.touch.first')}>
                {/* Decision 0057: an imported or API lead's channel is its source. */}
                {lead.leadSource ? <span>{lead.leadSource.name}</span> : <TouchText touch={lead.firstTouch} />}
              </Descriptions.Item>
              <Descriptions.Item label={staffText('staff.channels.touch.latestTouch')}>
                <TouchText touch={lead.latestTouch} />
              </Descriptions.Item>
            </Descriptions>
            <div className="lead-actions">
              {lead.phone ? (
                <>
                  <Button icon={<PhoneOutlined />} href={telHrefOf(lead.phone)}>
                    {staffText('staff.leads.lead.call')}
                  </Button>
                  <Button icon={<WhatsAppOutlined />} href={whatsAppHref(lead.phone, greeting)} target="_blank" rel="noopener noreferrer">
                    {staffText('staff.leads.lead.whatsApp')}
                  </Button>
                </>
              ) : null}
              {lead.email ? (
                <Button
                  icon={<MailOutlined />}
                  href={mailtoHref(lead.email, `${data.studio ? `${data.studio}: ` : ''}${lead.campaignName ?? contactRequest ?? 'your enquiry'}`, greeting)}
                >
                  {staffText('staff.leads.lead.sendEmail')}
                </Button>
              ) : null}
            </div>
          </Card>

          <Card title={<h2 className="lead-card-title">{staffText('staff.leads.lead.activities')}</h2>} size="small">
            {activities.length === 0 ? (
              <Empty description={staffText('staff.leads.lead.noActivities')} />
            ) : (
              <ol className="lead-activities">
                {activities.map((a, i) => (
                  <ActivityCard key={i} activity={a} />
                ))}
              </ol>
            )}
          </Card>
        </div>

        <div className="lead-side">
          <Card title={<h2 className="lead-card-title">{staffText('staff.leads.lead.work')}</h2>} size="small">
            <label className="leads-filter">
              <span>{staffText('staff.leads.lead.status')}</span>
              <Select
                aria-label={staffText('staff.leads.lead.status')}
                value={lead.status}
                loading={busy === 'status'}
                disabled={busy !== null}
                onChange={(status: LeadStatus) => void change('status', { status })}
                options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
              />
            </label>
            <label className="leads-filter">
              <span>{staffText('staff.leads.lead.assignee')}</span>
              <Select
                aria-label={staffText('staff.leads.lead.assignee')}
                value={lead.assigneeId ?? ''}
                loading={busy === 'assign'}
                disabled={busy !== null}
                onChange={(id: string) => void change('assign', { assigneeId: id || null })}
                options={[{ value: '', label: staffText('staff.leads.lead.nobody') }, ...data.staff.map((s) => ({ value: s.id, label: s.name }))]}
              />
            </label>
            <div className="lead-next-action">
              <label className="leads-filter" htmlFor="lead-next-text">
                <span>
                  {staffText('staff.leads.nextAction')} {lead.overdue ? <Tag color="red">{staffText('staff.leads.overdue')}</Tag> : null}
                </span>
              </label>
              {lead.nextAction ? (
                <Typography.Paragraph>
                  {lead.nextAction.text} — <time dateTime={lead.nextAction.dueAt}>{formatDateTime(lead.nextAction.dueAt)}</time>
                </Typography.Paragraph>
              ) : null}
              <Input
                id="lead-next-text"
                placeholder={staffText('staff.leads.lead.nextActionPlaceholder')}
                value={nextText}
                maxLength={300}
                onChange={(e) => setNextText(e.target.value)}
              />
              <Input
                aria-label={staffText('staff.leads.lead.nextActionWhen', { zone: studioTimeZone() })}
                type="datetime-local"
                value={nextDue}
                onChange={(e) => setNextDue(e.target.value)}
              />
              {nextError ? (
                <Typography.Text type="danger" role="alert">
                  {nextError}
                </Typography.Text>
              ) : null}
              <div style={{ display: 'flex', gap: 8 }}>
                <Button size="small" type="primary" loading={busy === 'next'} disabled={busy !== null} onClick={() => void saveNextAction(false)}>
                  {staffText('staff.leads.lead.saveNextAction')}
                </Button>
                {lead.nextAction ? (
                  <Button size="small" disabled={busy !== null} onClick={() => void saveNextAction(true)}>
                    {staffText('staff.leads.lead.clearNextAction')}
                  </Button>
                ) : null}
              </div>
            </div>
            {lead.assigneeId && lead.assignedAt ? (
              <Typography.Text type="secondary" className="lead-assigned-since">
                {lead.assigneeName ?? staffText('staff.leads.lead.assigned')} {staffText('staff.leads.lead.since')}{' '}
                <time dateTime={lead.assignedAt}>{formatDateTime(lead.assignedAt)}</time>
              </Typography.Text>
            ) : null}
            <form
              className="lead-note"
              onSubmit={(e) => {
                e.preventDefault();
                void submitNote();
              }}
            >
              <label className="leads-filter" htmlFor="lead-note">
                <span>{staffText('staff.leads.lead.note')}</span>
              </label>
              <Input.TextArea
                id="lead-note"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                autoSize={{ minRows: 3, maxRows: 8 }}
                showCount
                maxLength={NOTE_MAX}
                status={noteError ? 'error' : undefined}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={noteError ? 'lead-note-error' : undefined}
              />
              {noteError ? (
                <div id="lead-note-error" role="alert" className="lead-note__error">
                  {noteError}
                </div>
              ) : null}
              <Button type="primary" htmlType="submit" loading={busy === 'note'}>
                {staffText('staff.leads.lead.addNote')}
              </Button>
            </form>
          </Card>

          <LeadVisitsCard leadId={lead._id} />

          <Card title={<h2 className="lead-card-title">{staffText('staff.leads.lead.history')}</h2>} size="small">
            {timeline.length === 0 ? (
              <p className="leads-muted">{staffText('staff.leads.lead.noHistory')}</p>
            ) : (
              <Timeline
                items={timeline.map((entry) => ({
                  children: (
                    <div>
                      <div>{timelineText(entry, data.staff)}</div>
                      {entry.text ? <p className="lead-activity__message">{entry.text}</p> : null}
                      <span className="leads-muted">{formatDateTime(entry.at)}</span>
                    </div>
                  ),
                }))}
              />
            )}
          </Card>
          <LeadMergeCard lead={lead} />
          {/* Export and erasure are owners' (the server refuses staff with 403). */}
          {currentStaff()?.role === 'owner' ? <LeadPrivacyCard lead={lead} /> : null}
        </div>
      </div>
    </div>
  );
}
