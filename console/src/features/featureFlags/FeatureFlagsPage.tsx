import {
  Alert,
  Button,
  Label,
  PageSection,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
  Tooltip,
} from '@patternfly/react-core';
import { useCallback, useMemo, useState } from 'react';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable';
import { RowActions } from '../../components/RowActions/RowActions';
import { useToast } from '../../components/Toast/useToast';
import { formatDateTime } from '../../lib/format';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { addFlag, removeFlag, updateFlag, useFeatureFlags, type FeatureFlag } from './api';
import { FeatureFlagDialog } from './FeatureFlagDialog';
import { isLocal, LOCAL_REFUSAL, type FlagFormValues } from './flagForm';

function errorText(error: unknown): string {
  return (error instanceof Error && error.message) || 'An error occurred';
}

function SourceLabel({ flag }: { flag: FeatureFlag }) {
  if (!isLocal(flag)) return <>{flag.source}</>;
  return (
    <Tooltip content="Set in the server's properties file (VIGIL_PROPERTIES_FILE): change it there">
      <Label isCompact color="blue" tabIndex={0}>
        local
      </Label>
    </Tooltip>
  );
}

/** /settings/feature-flags: needs read on properties; changes need write (admins by default). */
export function FeatureFlagsPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'properties', 'read')) return <UnauthorizedPage />;
  return <FeatureFlagsList canWrite={hasGrant(whoami, 'properties', 'write')} />;
}

type Editing = { mode: 'add' | 'edit'; initial: FlagFormValues };

function FeatureFlagsList({ canWrite }: { canWrite: boolean }) {
  const { flags, error, isLoading, isValidating, mutate } = useFeatureFlags();
  const { addToast } = useToast();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<FeatureFlag>();
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Feature Flags', onRefresh: refresh, isLoading: isValidating });

  const fail = useCallback(
    (e: unknown) => addToast({ variant: 'danger', title: errorText(e) }),
    [addToast],
  );
  // Local flags belong to the server's properties file: refused before any request.
  const edit = useCallback(
    (flag: FeatureFlag) => {
      if (isLocal(flag)) fail(new Error(LOCAL_REFUSAL));
      else setEditing({ mode: 'edit', initial: { name: flag.name, value: flag.value } });
    },
    [fail],
  );
  const askRemove = useCallback(
    (flag: FeatureFlag) => (isLocal(flag) ? fail(new Error(LOCAL_REFUSAL)) : setDeleting(flag)),
    [fail],
  );

  const columns = useMemo(() => {
    const base: DataTableColumn<FeatureFlag>[] = [
      { id: 'name', header: 'Name', cell: (f) => f.name, sortable: true },
      { id: 'value', header: 'Value', cell: (f) => f.value },
      { id: 'description', header: 'Description', cell: (f) => f.description },
      { id: 'source', header: 'Source', cell: (f) => <SourceLabel flag={f} />, sortable: true },
      { id: 'created_by', header: 'Created By', cell: (f) => f.created_by?.name ?? '' },
      { id: 'created_at', header: 'Created At', cell: (f) => formatDateTime(f.created_at) },
      { id: 'updated_at', header: 'Updated At', cell: (f) => formatDateTime(f.updated_at) },
    ];
    if (!canWrite) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: 'Actions',
        width: 10,
        cell: (f: FeatureFlag) => (
          <RowActions
            aria-label={`Actions for feature flag ${f.name}`}
            actions={[
              { label: 'Edit', onClick: () => edit(f) },
              { label: 'Delete', onClick: () => askRemove(f), isDanger: true },
            ]}
          />
        ),
      },
    ] satisfies DataTableColumn<FeatureFlag>[];
  }, [canWrite, edit, askRemove]);

  const save = async (values: FlagFormValues) => {
    const mode = editing?.mode;
    try {
      if (mode === 'add') await addFlag(values.name, values.value);
      else await updateFlag(values.name, values.value);
      addToast({
        variant: 'success',
        title:
          mode === 'add' ? 'Feature flag added successfully' : 'Feature flag updated successfully',
      });
      setEditing(undefined);
      await mutate();
    } catch (e) {
      fail(e);
      throw e;
    }
  };

  const remove = async (flag: FeatureFlag) => {
    try {
      await removeFlag(flag.name);
      addToast({ variant: 'success', title: 'Feature flag removed successfully' });
      setDeleting(undefined);
      await mutate();
    } catch (e) {
      fail(e);
    }
  };

  return (
    <PageSection>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button onClick={() => setEditing({ mode: 'add', initial: { name: '', value: '' } })}>
                Add Feature Flag
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="settings-feature-flags"
        aria-label="Feature flags"
        columns={columns}
        rows={flags ?? []}
        rowKey={(f) => `${f.source}:${f.name}`}
        isLoading={isLoading}
        onRowClick={canWrite ? edit : undefined}
      />
      {editing && (
        <FeatureFlagDialog
          mode={editing.mode}
          initial={editing.initial}
          onSubmit={save}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        isOpen={Boolean(deleting)}
        title="Delete Feature Flag"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete the feature flag {deleting?.name}?
      </ConfirmDialog>
    </PageSection>
  );
}
