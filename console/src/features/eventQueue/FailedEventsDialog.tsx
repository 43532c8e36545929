import { Alert, Button, Flex, FlexItem } from '@patternfly/react-core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable';
import { Dialog } from '../../components/Dialog/Dialog';
import { Pagination } from '../../components/Pagination/Pagination';
import { RowActions } from '../../components/RowActions/RowActions';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import { useToast } from '../../components/Toast/useToast';
import {
  changeText,
  discardEvents,
  retryEvents,
  useFailedEvents,
  type FailedEvent,
  type QueueChange,
} from './api';

export const FAILED_PAGE_SIZE = 25;

function errorText(error: unknown): string {
  return (error instanceof Error && error.message) || 'An error occurred';
}

export interface FailedEventsDialogProps {
  name: string;
  /** Retry and discard are offered only with write on event_queue. */
  canWrite: boolean;
  onClose: () => void;
  /** After a retry or discard, so the summary is read again. */
  onChanged: () => void;
}

type Pending = { what: 'discard'; ids?: string[] };

/** The failed items of one event name, page by page, each retried or discarded. */
export function FailedEventsDialog({
  name,
  canWrite,
  onClose,
  onChanged,
}: FailedEventsDialogProps) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(FAILED_PAGE_SIZE);
  const { page: result, error, isLoading, mutate } = useFailedEvents(name, page, pageSize);
  const { addToast } = useToast();
  const [confirm, setConfirm] = useState<Pending>();

  const after = async (verb: 'Retried' | 'Discarded', run: () => Promise<QueueChange>) => {
    try {
      const change = await run();
      addToast({ variant: change.busy ? 'warning' : 'success', title: changeText(verb, change) });
      onChanged();
      // The last rows of a later page are gone: show the first page.
      if (page > 1) setPage(1);
      await mutate();
    } catch (e) {
      addToast({ variant: 'danger', title: errorText(e) });
    }
  };
  const retry = (ids?: string[]) => after('Retried', () => retryEvents(name, ids));
  const discard = (ids?: string[]) => after('Discarded', () => discardEvents(name, ids));

  const base: DataTableColumn<FailedEvent>[] = [
    { id: 'error', header: 'Error', cell: (e) => e.error },
    { id: 'attempts', header: 'Attempts', cell: (e) => e.attempts ?? 0 },
    { id: 'last_attempt', header: 'Last Attempt', cell: (e) => <TimeAgo at={e.last_attempt} /> },
    { id: 'created_at', header: 'Queued', cell: (e) => <TimeAgo at={e.created_at} /> },
    {
      id: 'properties',
      header: 'Properties',
      cell: (e) => <code>{JSON.stringify(e.properties ?? {})}</code>,
    },
  ];
  const columns: DataTableColumn<FailedEvent>[] = !canWrite
    ? base
    : [
        ...base,
        {
          id: 'actions',
          header: 'Actions',
          width: 10,
          cell: (e: FailedEvent) => (
            <RowActions
              aria-label={`Actions for event ${e.id}`}
              actions={[
                { label: 'Retry', onClick: () => void retry([e.id]) },
                {
                  label: 'Discard',
                  onClick: () => setConfirm({ what: 'discard', ids: [e.id] }),
                  isDanger: true,
                },
              ]}
            />
          ),
        },
      ];

  const total = result?.total ?? 0;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Failed ${name} events`}
      size="large"
      footer={
        <Button variant="link" onClick={onClose}>
          Close
        </Button>
      }
    >
      {canWrite && (
        <Flex style={{ marginBottom: 'var(--pf-t--global--spacer--md)' }}>
          <FlexItem>
            <Button isDisabled={!total} onClick={() => void retry()}>
              Retry all
            </Button>
          </FlexItem>
          <FlexItem>
            <Button
              variant="danger"
              isDisabled={!total}
              onClick={() => setConfirm({ what: 'discard' })}
            >
              Discard all
            </Button>
          </FlexItem>
        </Flex>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId={`settings-event-queue-failed`}
        aria-label={`Failed ${name} events`}
        columns={columns}
        rows={result?.rows ?? []}
        rowKey={(e) => e.id}
        isLoading={isLoading}
        emptyText="No failed events"
      />
      <div style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
        <Pagination
          page={page}
          pageSize={pageSize}
          totalRows={total}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          isDisabled={isLoading}
        />
      </div>
      <ConfirmDialog
        isOpen={Boolean(confirm)}
        title="Discard failed events"
        confirmLabel="Discard"
        onConfirm={async () => {
          const ids = confirm?.ids;
          setConfirm(undefined);
          await discard(ids);
        }}
        onClose={() => setConfirm(undefined)}
      >
        {confirm?.ids
          ? 'Are you sure you want to discard this failed event? It will not be delivered.'
          : `Are you sure you want to discard every failed ${name} event? They will not be delivered.`}
      </ConfirmDialog>
    </Dialog>
  );
}
