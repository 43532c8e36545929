import { Alert, Button } from '@patternfly/react-core';
import { useState } from 'react';
import { request } from '../../api/fetcher';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable';
import { formatDateTime } from '../../lib/format';
import { errorText, useTokens, type ApiToken } from './api';
import { CreateTokenDialog } from './CreateTokenDialog';
import { SectionCard } from './SectionCard';
import { useTimedMessage } from './useTimedMessage';

const orNever = (value: string | null) => (value ? formatDateTime(value) : 'Never');

/** "API tokens": the user's own tokens for kubectl and scripts. */
export function ApiTokensSection() {
  const { tokens, error, isLoading, mutate } = useTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken>();
  const { message, success, failure } = useTimedMessage();

  const revoke = async (token: ApiToken) => {
    try {
      await request(`/api/auth/tokens/${encodeURIComponent(token.id)}`, { method: 'DELETE' });
      success(`Token ${token.name} revoked.`);
      await mutate();
    } catch (e) {
      failure(errorText(e));
    } finally {
      setRevoking(undefined);
    }
  };

  const columns: DataTableColumn<ApiToken>[] = [
    { id: 'name', header: 'Name', cell: (t) => t.name },
    { id: 'created_at', header: 'Created', cell: (t) => formatDateTime(t.created_at) },
    { id: 'expires_at', header: 'Expires', cell: (t) => orNever(t.expires_at) },
    { id: 'last_used_at', header: 'Last used', cell: (t) => orNever(t.last_used_at) },
    {
      id: 'actions',
      header: 'Actions',
      width: 10,
      cell: (t) => (
        <Button
          variant="link"
          isDanger
          onClick={() => setRevoking(t)}
          aria-label={`Revoke ${t.name}`}
        >
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <SectionCard title="API tokens" message={message}>
      <p>Tokens let scripts and kubectl act as you. Revoke any you no longer use.</p>
      {error && <Alert variant="danger" isInline isPlain title={error.message} />}
      <DataTable
        tableId="profile-api-tokens"
        aria-label="Your API tokens"
        columns={columns}
        rows={tokens ?? []}
        rowKey={(t) => t.id}
        isLoading={isLoading}
        emptyText="No API tokens"
      />
      <Button variant="secondary" onClick={() => setCreating(true)} style={{ marginTop: '1rem' }}>
        Create token
      </Button>
      <CreateTokenDialog
        isOpen={creating}
        onClose={(created) => {
          setCreating(false);
          if (created) void mutate();
        }}
      />
      <ConfirmDialog
        isOpen={Boolean(revoking)}
        title="Revoke API token"
        confirmLabel="Revoke"
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
        onClose={() => setRevoking(undefined)}
      >
        Revoke the token {revoking?.name}? Anything using it loses access at once.
      </ConfirmDialog>
    </SectionCard>
  );
}
