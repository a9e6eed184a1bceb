import { BarChartOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Switch } from 'antd';
import { useState } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaign-messages';
import type { CampaignSummary } from '#shared/surveys/campaigns.contract';
import { paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { errorMessage } from '#web/lib/api-client';
import { StaffCard, StaffPageTitle, StaffTag, TodayPanel, useStaffApp } from '#web/features/dashboard/staff';
import { LoadFailed, loadPageData, usePageReload } from '#web/lib/page-data';
import { staffText } from '#web/lib/staff-text';
import { activateCampaign, fetchCampaigns, fetchResponseCount } from './campaigns-staff-api';
import { TAG_COLORS } from './tag-colors';
import '#web/styles/staff.css';
import { formatDate } from '#web/lib/studio-time';

/** SPEC.md §9: the list reloads 100 ms after an activation. */
const RELOAD_DELAY_MS = 100;

export function loader() {
  return loadPageData(fetchCampaigns, CAMPAIGN_MESSAGES.loadFailed);
}

function CampaignCard({ campaign }: { campaign: CampaignSummary }) {
  const { message, modal } = useStaffApp();
  const navigate = useNavigate();
  const { reload } = usePageReload();
  const [busy, setBusy] = useState<'activate' | 'edit' | null>(null);

  async function toggle(checked: boolean) {
    // Switching off makes no call (SPEC.md §4): the only way off is activating another campaign.
    if (!checked) {
      void message.info(CAMPAIGN_MESSAGES.alreadyActivated);
      return;
    }
    setBusy('activate');
    try {
      const res = await activateCampaign(campaign._id, true);
      void message.success(res.message);
      setTimeout(() => void reload(), RELOAD_DELAY_MS);
    } catch (error) {
      void message.error(errorMessage(error, CAMPAIGN_MESSAGES.loadFailed));
    } finally {
      setBusy(null);
    }
  }

  async function edit() {
    setBusy('edit');
    try {
      const count = await fetchResponseCount(campaign._id);
      if (count > 0) {
        modal.confirm({
          title: CAMPAIGN_MESSAGES.editLocked,
          content: staffText('staff.results.campaigns.lockedContent', { name: campaign.name, count }),
          okText: staffText('staff.results.campaigns.duplicate'),
          cancelText: staffText('staff.results.campaigns.close'),
          onOk: () => navigate(paths.campaignNew, { state: { duplicateOf: campaign._id } }),
        });
        return;
      }
      await navigate(paths.campaignEdit, { state: { id: campaign._id } });
    } catch (error) {
      void message.error(errorMessage(error, CAMPAIGN_MESSAGES.loadFailed));
    } finally {
      setBusy(null);
    }
  }

  const titleId = `campaign-${campaign._id}`;
  return (
    <StaffCard
      className={campaign.isActive ? 'campaign-card campaign-card--active' : 'campaign-card'}
      title={
        <span id={titleId} className="campaign-card__name">
          {campaign.name}
        </span>
      }
      extra={
        campaign.isActive ? (
          <StaffTag color={TAG_COLORS.positive}>{staffText('staff.results.campaigns.active')}</StaffTag>
        ) : (
          <StaffTag>{staffText('staff.results.campaigns.inactive')}</StaffTag>
        )
      }
      actions={[
        <Button key="edit" type="text" icon={<EditOutlined />} loading={busy === 'edit'} onClick={() => void edit()}>
          {staffText('staff.results.campaigns.edit')}
        </Button>,
        <Button
          key="results"
          type="text"
          icon={<BarChartOutlined />}
          onClick={() => void navigate(paths.campaignResult, { state: { id: campaign._id, name: campaign.name } })}
        >
          {staffText('staff.results.campaigns.results')}
        </Button>,
      ]}
    >
      <div className="campaign-card__body">
        <div>
          <div className="campaign-card__count">{campaign.responseCount}</div>
          <span className="staff-muted">{staffText('staff.results.campaigns.responses', { count: campaign.responseCount })}</span>
        </div>
        <label className="campaign-card__switch">
          <Switch
            checked={campaign.isActive}
            loading={busy === 'activate'}
            onChange={(checked) => void toggle(checked)}
            aria-labelledby={titleId}
            aria-describedby={`${titleId}-switch`}
          />
          <span id={`${titleId}-switch`}>{staffText('staff.results.campaigns.shown')}</span>
        </label>
      </div>
      <p className="staff-muted campaign-card__date">
        {staffText('staff.results.campaigns.created', {
          date: formatDate(campaign.createdAt),
        })}
      </p>
    </StaffCard>
  );
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  // The "Today" panel is the dashboard's first screen only (not the near-empty /dashboard/surveycards).
  const onDashboard = useLocation().pathname.replace(/\/$/, '') === paths.dashboard;
  return (
    <div className="staff-page">
      <PageMeta title={staffText('staff.results.campaigns.metaTitle')} description={staffText('staff.results.campaigns.metaDescription')} />
      <header className="staff-page__header">
        <div>
          <StaffPageTitle className="staff-page__title">{staffText('staff.results.campaigns.title')}</StaffPageTitle>
          <p className="staff-muted staff-page__lead">{staffText('staff.results.campaigns.lead')}</p>
        </div>
      </header>
      {onDashboard ? <TodayPanel /> : null}
      {loaded.error ? <LoadFailed message={loaded.error} /> : null}
      <ul className="campaign-grid">
        <li>
          <button type="button" className="campaign-new" onClick={() => void navigate(paths.campaignNew)}>
            <PlusOutlined className="campaign-new__icon" aria-hidden />
            <span className="campaign-new__title">{staffText('staff.results.campaigns.new')}</span>
            <span className="campaign-new__text">{staffText('staff.results.campaigns.newText')}</span>
          </button>
        </li>
        {(loaded.data ?? []).map((campaign) => (
          <li key={campaign._id}>
            <CampaignCard campaign={campaign} />
          </li>
        ))}
      </ul>
    </div>
  );
}
