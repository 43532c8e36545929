import { Alert, Card, CardBody, Skeleton } from '@patternfly/react-core';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { hasGrant } from '../../../app/access';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { useToast } from '../../../components/Toast/useToast';
import { errorText } from '../../../lib/settingsResource';
import { configDetailKey } from '../api';
import type { ConfigDetail } from '../model';
import { tabPath } from '../tabs';
import {
  deleteManualLink,
  linksWith,
  useManualLinks,
  useRelatedConfigs,
  type RelatedConfig,
} from './api';
import { applyOptions, parseOptions, type RelationshipOptions } from './options';
import { RelationshipGraph } from './RelationshipGraph';
import { RelationshipsTable } from './RelationshipsTable';
import { RelationshipsToolbar } from './RelationshipsToolbar';
import { relatedRows, relationsFrom } from './relationRows';

/** Spec 002 §8. */
export const DELETE_LINK_QUESTION = 'Are you sure you want to delete this config link';
export const LINK_DELETED = 'Deleted config link successfully';

/** The config as a graph row, for when the walk has not (yet) brought it back. */
function asRelated(config: ConfigDetail): RelatedConfig {
  return {
    id: config.id,
    name: config.name,
    type: config.type,
    related_ids: null,
    tags: config.tags,
    changes: null,
    health: config.health,
    status: config.status,
    deleted_at: config.deleted_at,
    updated_at: config.updated_at,
    created_at: config.created_at,
  };
}

/**
 * The Relationships tab (spec 002 'Relationships'): the configs related to this one, as a graph
 * or a table, with the direction, soft-link and deleted toggles kept in the query. Manual links
 * can be removed after a confirmation.
 */
export function RelationshipsTab({ config }: { config: ConfigDetail }) {
  const [params, setParams] = useSearchParams();
  const options = useMemo(() => parseOptions(params), [params]);
  const change = useCallback(
    (patch: Partial<RelationshipOptions>) =>
      setParams((current) => applyOptions(current, patch), { replace: true }),
    [setParams],
  );
  const { configs, error, isLoading, mutate } = useRelatedConfigs(config.id, options);
  const { links, mutate: mutateLinks } = useManualLinks(config.id);
  const { whoami } = useSession();
  const { addToast } = useToast();
  const { mutate: mutateKey } = useSWRConfig();
  const navigate = useNavigate();

  const all = useMemo(() => {
    const list = configs ?? [];
    return list.some((c) => c.id === config.id) ? list : [asRelated(config), ...list];
  }, [configs, config]);
  const rows = useMemo(() => relatedRows(all, config.id), [all, config.id]);
  const relations = useMemo(() => relationsFrom(all, config.id), [all, config.id]);
  const manuallyLinked = useMemo(
    () =>
      new Set((links ?? []).map((l) => (l.config_id === config.id ? l.related_id : l.config_id))),
    [links, config.id],
  );

  const [removing, setRemoving] = useState<RelatedConfig>();
  const removeLink = async (row: RelatedConfig) => {
    try {
      for (const link of linksWith(links, config.id, row.id)) await deleteManualLink(link);
      addToast({ variant: 'success', title: LINK_DELETED });
      setRemoving(undefined);
      await Promise.all([mutate(), mutateLinks(), mutateKey(configDetailKey(config.id))]);
    } catch (e) {
      // Spec 002 §8: the server's own message.
      addToast({ variant: 'danger', title: errorText(e) });
      setRemoving(undefined);
    }
  };

  const search = params.toString();
  const openConfig = useCallback(
    (id: string) => {
      if (id === config.id) return;
      void navigate(`${tabPath(id, 'relationships')}${search ? `?${search}` : ''}`);
    },
    [navigate, config.id, search],
  );

  let body;
  if (error && !configs) {
    body = <Alert variant="danger" isInline title={error.message} />;
  } else if (isLoading && !configs) {
    body = <Skeleton height="24rem" screenreaderText="Loading relationships" />;
  } else if (options.view === 'table') {
    body = (
      <RelationshipsTable
        configId={config.id}
        rows={rows}
        relations={relations}
        manuallyLinked={manuallyLinked}
        canRemoveLinks={hasGrant(whoami, 'database', 'write')}
        onRemoveLink={setRemoving}
        isLoading={false}
      />
    );
  } else {
    body = (
      <RelationshipGraph
        key={config.id}
        configs={all}
        currentId={config.id}
        options={options}
        onOpenConfig={openConfig}
      />
    );
  }

  return (
    <Card isCompact>
      <CardBody>
        <RelationshipsToolbar configId={config.id} options={options} onChange={change} />
        {body}
        <ConfirmDialog
          isOpen={removing !== undefined}
          title={removing ? `Remove link to ${removing.name || removing.id}` : 'Remove link'}
          onConfirm={() => (removing ? removeLink(removing) : undefined)}
          onClose={() => setRemoving(undefined)}
        >
          {DELETE_LINK_QUESTION}
        </ConfirmDialog>
      </CardBody>
    </Card>
  );
}
