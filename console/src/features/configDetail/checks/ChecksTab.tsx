import {
  Alert,
  Card,
  CardBody,
  Drawer,
  DrawerContent,
  DrawerContentBody,
  DrawerPanelContent,
  Flex,
} from '@patternfly/react-core';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable';
import { StatusDot } from '../../../components/StatusDot/StatusDot';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { CheckDrawer } from '../../health/CheckDrawer';
import { UptimeText } from '../../health/ChecksTable';
import { useConfigChecks, type ConfigCheck } from './api';

const COLUMNS: DataTableColumn<ConfigCheck>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (c) => (
      <Flex gap={{ default: 'gapSm' }} alignItems={{ default: 'alignItemsCenter' }}>
        <StatusDot status={c.status} />
        <span>{c.name}</span>
      </Flex>
    ),
  },
  { id: 'type', header: 'Type', cell: (c) => c.type ?? '' },
  { id: 'uptime', header: 'Uptime', cell: (c) => <UptimeText check={c} /> },
  { id: 'last_runtime', header: 'Last Run', cell: (c) => <TimeAgo at={c.last_runtime} /> },
];

/**
 * The Checks tab: the health checks linked to the config, each with its status dot. A row opens
 * the Health page's check drawer here, kept in ?checkId= like on /health.
 */
export function ChecksTab({ configId }: { configId: string }) {
  const { checks, error, isLoading } = useConfigChecks(configId);
  const [params, setParams] = useSearchParams();
  const [runCount, setRunCount] = useState(0);
  const checkId = params.get('checkId') ?? undefined;
  const setCheckId = useCallback(
    (id: string | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('checkId', id);
        else next.delete('checkId');
        return next;
      }),
    [setParams],
  );

  const panel = checkId ? (
    <CheckDrawer
      key={checkId}
      checkId={checkId}
      row={checks?.find((c) => c.id === checkId)}
      refreshKey={runCount}
      onClose={() => setCheckId(undefined)}
      onRan={() => setRunCount((n) => n + 1)}
    />
  ) : (
    <DrawerPanelContent />
  );

  return (
    <Drawer isExpanded={Boolean(checkId)} position="end">
      <DrawerContent panelContent={panel}>
        <DrawerContentBody>
          <Card isCompact>
            <CardBody>
              {error && <Alert variant="danger" isInline title={error.message} />}
              <DataTable
                tableId={`config-checks-${configId}`}
                aria-label="Checks"
                columns={COLUMNS}
                rows={checks ?? []}
                rowKey={(c) => c.id}
                isLoading={isLoading}
                emptyText="No checks"
                onRowClick={(c) => setCheckId(c.id)}
              />
            </CardBody>
          </Card>
        </DrawerContentBody>
      </DrawerContent>
    </Drawer>
  );
}
