import { Label, Switch } from '@patternfly/react-core';
import { useState } from 'react';
import { Link } from 'react-router';
import { IncidentStatusBadge } from '../../../components/IncidentStatusBadge/IncidentStatusBadge';
import { StatusDot } from '../../../components/StatusDot/StatusDot';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { incidentPath } from '../../incidents/urlState';
import { catalogHref, checkHref, teamHref } from '../links';
import {
  fetchChanges,
  fetchChecks,
  fetchIncidents,
  fetchLinkedConfigs,
  fetchTeams,
  usePanelRows,
} from './panelsApi';
import { Grow, PanelRows } from './PanelRows';

interface PanelProps {
  componentId: string;
}

/** The configuration items linked to the component; deleted ones hidden by default (§4). */
export function CatalogPanel({ componentId }: PanelProps) {
  const { rows, error, isLoading } = usePanelRows('catalog', componentId, fetchLinkedConfigs);
  const [hideDeleted, setHideDeleted] = useState(true);
  const shown = rows?.filter((r) => r.configs && !(hideDeleted && r.configs.deleted_at));
  return (
    <>
      <Switch
        id={`catalog-hide-deleted-${componentId}`}
        label="Hide deleted"
        isChecked={hideDeleted}
        onChange={(_e, checked) => setHideDeleted(checked)}
        style={{ marginBottom: 8 }}
      />
      <PanelRows
        label="Linked configs"
        rows={shown}
        error={error}
        isLoading={isLoading}
        rowKey={(r) => r.config_id}
        renderRow={(r) => (
          <>
            <Grow>
              <Link to={catalogHref(r.config_id)}>{r.configs?.name ?? r.config_id}</Link>
            </Grow>
            {r.configs?.deleted_at && (
              <Label isCompact color="grey">
                Deleted
              </Label>
            )}
            <span>{r.configs?.type ?? r.configs?.config_class ?? ''}</span>
          </>
        )}
      />
    </>
  );
}

export function IncidentsPanel({ componentId }: PanelProps) {
  const { rows, error, isLoading } = usePanelRows('incidents', componentId, fetchIncidents);
  return (
    <PanelRows
      label="Incidents"
      rows={rows}
      error={error}
      isLoading={isLoading}
      rowKey={(i) => i.id}
      renderRow={(i) => (
        <>
          <Grow>
            <Link to={incidentPath(i.id)}>{i.title}</Link>
          </Grow>
          {i.status && <IncidentStatusBadge status={i.status} />}
          <TimeAgo at={i.created_at} />
        </>
      )}
    />
  );
}

export function ChangesPanel({ componentId }: PanelProps) {
  const { rows, error, isLoading } = usePanelRows('changes', componentId, fetchChanges);
  return (
    <PanelRows
      label="Changes"
      rows={rows}
      error={error}
      isLoading={isLoading}
      rowKey={(c) => c.id}
      renderRow={(c) => (
        <>
          <span>{c.change_type ?? ''}</span>
          <Grow>
            <Link to={catalogHref(c.config_id)}>{c.name ?? c.config_id}</Link>
          </Grow>
          <TimeAgo at={c.created_at} />
        </>
      )}
    />
  );
}

export function ChecksPanel({ componentId }: PanelProps) {
  const { rows, error, isLoading } = usePanelRows('checks', componentId, fetchChecks);
  return (
    <PanelRows
      label="Checks"
      rows={rows}
      error={error}
      isLoading={isLoading}
      rowKey={(c) => c.id}
      renderRow={(c) => (
        <>
          <StatusDot status={c.status} />
          <Grow>
            <Link to={checkHref(c.id)}>{c.name}</Link>
          </Grow>
          <span>{c.type ?? ''}</span>
        </>
      )}
    />
  );
}

export function TeamsPanel({ componentId }: PanelProps) {
  const { rows, error, isLoading } = usePanelRows('teams', componentId, fetchTeams);
  return (
    <PanelRows
      label="Teams"
      rows={rows}
      error={error}
      isLoading={isLoading}
      rowKey={(t) => t.team_id}
      renderRow={(t) => (
        <Grow>
          <Link to={teamHref(t.team_id)}>{t.team?.name ?? t.team_id}</Link>
        </Grow>
      )}
    />
  );
}
