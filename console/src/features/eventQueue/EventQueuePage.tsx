import { Alert, Button, PageSection } from '@patternfly/react-core';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable';
import { RowActions } from '../../components/RowActions/RowActions';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import { useToast } from '../../components/Toast/useToast';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import {
  changeText,
  discardEvents,
  retryEvents,
  useEventQueueSummary,
  type EventQueueSummary,
} from './api';
import { FailedEventsDialog } from './FailedEventsDialog';

function errorText(error: unknown): string {
  return (error instanceof Error && error.message) || 'An error occurred';
}

/**
 * /settings/event-queue-status: event_queue_summary per event name, never cached. A Failed count
 * opens that name's failed items (?name=); retry and discard need write on event_queue.
 */
export function EventQueuePage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'database', 'read')) return <UnauthorizedPage />;
  return <EventQueueList canWrite={hasGrant(whoami, 'event_queue', 'write')} />;
}

function EventQueueList({ canWrite }: { canWrite: boolean }) {
  const { rows, error, isLoading, isValidating, mutate } = useEventQueueSummary();
  const { addToast } = useToast();
  const [params, setParams] = useSearchParams();
  const open = params.get('name');
  const [discarding, setDiscarding] = useState<string>();
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Event Queue', onRefresh: refresh, isLoading: isValidating });

  const show = useCallback(
    (name: string | undefined) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (name) next.set('name', name);
          else next.delete('name');
          return next;
        },
        { replace: !name },
      ),
    [setParams],
  );

  const change = useCallback(
    async (verb: 'Retried' | 'Discarded', name: string) => {
      try {
        const done = await (verb === 'Retried' ? retryEvents(name) : discardEvents(name));
        addToast({ variant: done.busy ? 'warning' : 'success', title: changeText(verb, done) });
      } catch (e) {
        addToast({ variant: 'danger', title: errorText(e) });
      }
      await mutate();
    },
    [addToast, mutate],
  );

  const columns = useMemo(() => {
    const base: DataTableColumn<EventQueueSummary>[] = [
      { id: 'name', header: 'Name', cell: (r) => r.name, sortable: true },
      { id: 'pending', header: 'Pending', cell: (r) => r.pending, sortable: true },
      {
        id: 'failed',
        header: 'Failed',
        sortable: true,
        cell: (r) =>
          r.failed > 0 ? (
            <Button
              variant="link"
              isInline
              aria-label={`Show failed ${r.name} events`}
              onClick={(e) => {
                e.stopPropagation();
                show(r.name);
              }}
            >
              {r.failed}
            </Button>
          ) : (
            0
          ),
      },
      {
        id: 'average_attempts',
        header: 'Average Attempts',
        cell: (r) => (r.average_attempts === null ? '' : Number(r.average_attempts).toFixed(2)),
        sortValue: (r) => Number(r.average_attempts ?? 0),
        sortable: true,
      },
      {
        id: 'first_failure',
        header: 'First Failure',
        cell: (r) => <TimeAgo at={r.first_failure} />,
        sortable: true,
      },
      {
        id: 'last_failure',
        header: 'Last Failure',
        cell: (r) => <TimeAgo at={r.last_failure} />,
        sortable: true,
      },
      {
        id: 'most_common_error',
        header: 'Most Common Error',
        cell: (r) => r.most_common_error ?? '',
      },
    ];
    if (!canWrite) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: 'Actions',
        width: 10,
        cell: (r: EventQueueSummary) => (
          <RowActions
            aria-label={`Actions for ${r.name}`}
            actions={[
              { label: 'Show failed', onClick: () => show(r.name), isDisabled: !r.failed },
              {
                label: 'Retry failed',
                onClick: () => void change('Retried', r.name),
                isDisabled: !r.failed,
              },
              {
                label: 'Discard failed',
                onClick: () => setDiscarding(r.name),
                isDisabled: !r.failed,
                isDanger: true,
              },
            ]}
          />
        ),
      },
    ] satisfies DataTableColumn<EventQueueSummary>[];
  }, [canWrite, change, show]);

  return (
    <PageSection>
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="settings-event-queue"
        aria-label="Event queue"
        columns={columns}
        rows={rows ?? []}
        rowKey={(r) => r.name}
        isLoading={isLoading}
        emptyText="The event queue is empty"
      />
      {open && (
        <FailedEventsDialog
          name={open}
          canWrite={canWrite}
          onClose={() => show(undefined)}
          onChanged={refresh}
        />
      )}
      <ConfirmDialog
        isOpen={Boolean(discarding)}
        title="Discard failed events"
        confirmLabel="Discard"
        onConfirm={async () => {
          const name = discarding;
          setDiscarding(undefined);
          if (name) await change('Discarded', name);
        }}
        onClose={() => setDiscarding(undefined)}
      >
        Are you sure you want to discard every failed {discarding} event? They will not be
        delivered.
      </ConfirmDialog>
    </PageSection>
  );
}
