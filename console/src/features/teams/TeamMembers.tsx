import { Alert, Button, Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { useState } from 'react';
import { AvatarStack } from '../../components/AvatarStack/AvatarStack';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable';
import { RowActions } from '../../components/RowActions/RowActions';
import { useFailToast } from '../../components/SettingsResource/SettingsResource';
import { useToast } from '../../components/Toast/useToast';
import type { ResourceRow } from '../settings/resourceApi';
import { AddMembersDialog, personLabel } from './AddMembersDialog';
import { addMembers, removeMember, useMembers, type Person } from './api';
import { useErrorToast } from './useErrorToast';

/** Spec 001 "Team members panel" and §8. */
export const NO_MEMBERS = "You haven't added any team members to the team yet.";
export const REMOVE_USER = 'Remove user';
export const addedText = (people: readonly Person[]) =>
  `${people.map(personLabel).join(', ')} added to the team successfully`;
export const removedText = (person: Person) =>
  `${personLabel(person)} removed from team successfully`;

/**
 * The team's members (name, e-mail, avatar), each with a menu holding "Remove user", and an
 * "Add Members" dialog. Each add or remove reloads the list; failures toast the server's message.
 */
export function TeamMembers({ resource, canWrite }: { resource: ResourceRow; canWrite: boolean }) {
  const teamId = resource.id;
  const { members, error, isLoading, mutate } = useMembers(teamId);
  const { addToast } = useToast();
  const fail = useFailToast();
  const [adding, setAdding] = useState(false);
  useErrorToast(error);

  const add = async (people: Person[]) => {
    try {
      await addMembers(
        teamId,
        people.map((p) => p.id),
      );
    } catch (e) {
      fail(e);
      throw e;
    } finally {
      void mutate();
    }
    setAdding(false);
    addToast({ variant: 'success', title: addedText(people) });
  };

  const remove = async (person: Person) => {
    try {
      await removeMember(teamId, person.id);
    } catch (e) {
      fail(e);
      return;
    } finally {
      void mutate();
    }
    addToast({ variant: 'success', title: removedText(person) });
  };

  const columns: DataTableColumn<Person>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (p) => (
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <AvatarStack people={[{ id: p.id, name: personLabel(p), avatar: p.avatar }]} />
          {personLabel(p)}
        </span>
      ),
    },
    { id: 'email', header: 'Email', cell: (p) => p.email ?? '' },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      width: 10,
      cell: (p) => (
        <RowActions
          aria-label={`Actions for ${personLabel(p)}`}
          actions={[{ label: REMOVE_USER, isDanger: true, onClick: () => void remove(p) }]}
        />
      ),
    });
  }

  return (
    <>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button icon={<PlusIcon />} onClick={() => setAdding(true)}>
                Add Members
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId={`team-${teamId}-members`}
        aria-label="Team members"
        columns={columns}
        rows={members ?? []}
        rowKey={(p) => p.id}
        isLoading={isLoading}
        emptyText={NO_MEMBERS}
      />
      {adding && (
        <AddMembersDialog
          members={new Set((members ?? []).map((m) => m.id))}
          onAdd={add}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
