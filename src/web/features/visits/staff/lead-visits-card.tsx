import { Card, List } from 'antd';
import { useEffect, useState } from 'react';
import { projectPagePath } from '#shared/paths';
import type { Visit } from '#shared/visits/visits.contract';
import { errorMessage } from '#web/lib/api-client';
import { fetchLeadVisits } from '../visits-api';
import { staffText } from '#web/lib/staff-text';
import { VisitActions, VisitStatusTag } from './visit-actions';
import { visitTime } from './visit-format';

/** The lead page's site visits: each with its studio, time, status and what staff can do. */
export function LeadVisitsCard({ leadId }: { leadId: string }) {
  const [visits, setVisits] = useState<Visit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchLeadVisits(leadId).then(setVisits, (e: unknown) => setError(errorMessage(e)));
  }, [leadId]);
  if (!error && visits?.length === 0) return null;
  return (
    <Card title={<h2 className="lead-card-title">{staffText('staff.leads.visits.title')}</h2>} size="small" data-testid="lead-visits">
      {error ? <p role="alert">{error}</p> : null}
      <List
        loading={visits === null && !error}
        dataSource={visits ?? []}
        renderItem={(visit) => (
          <List.Item key={visit._id}>
            <div>
              <div>
                <strong>{visitTime(visit)}</strong> {staffText('staff.leads.visits.at')} {visit.studioName}{' '}
                {visit.listing ? (
                  <>
                    {staffText('staff.leads.visits.home')} <a href={projectPagePath(visit.listing.id)}>{visit.listing.name}</a>{' '}
                  </>
                ) : null}
                <VisitStatusTag status={visit.status} />
              </div>
              <VisitActions visit={visit} onChange={(next) => setVisits((all) => (all ?? []).map((v) => (v._id === next._id ? next : v)))} />
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
