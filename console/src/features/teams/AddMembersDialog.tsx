import {
  Alert,
  Button,
  Label,
  LabelGroup,
  Menu,
  MenuContent,
  MenuItem,
  MenuList,
  SearchInput,
} from '@patternfly/react-core';
import { useMemo, useState } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { useUsers, type Person } from './api';
import { useErrorToast } from './useErrorToast';

export const ADD_MEMBERS_TITLE = 'Add users to the team';

export const personLabel = (p: Pick<Person, 'name' | 'email' | 'id'>) => p.name || p.email || p.id;

/** People who are not members yet whose name or e-mail contains the text, any case. */
export function candidates(users: readonly Person[], members: ReadonlySet<string>, text: string) {
  const term = text.trim().toLowerCase();
  return users.filter(
    (u) =>
      !members.has(u.id) &&
      (!term || `${u.name ?? ''} ${u.email ?? ''}`.toLowerCase().includes(term)),
  );
}

/**
 * Several users, ticked in a list filtered as one types; the chosen ones show as labels. The list
 * is part of the dialog (not a dropdown), so it never covers the dialog's buttons.
 */
function UsersSelect(props: {
  users: readonly Person[];
  members: ReadonlySet<string>;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const [text, setText] = useState('');
  const options = candidates(props.users, props.members, text);
  const byId = useMemo(() => new Map(props.users.map((u) => [u.id, u])), [props.users]);
  const toggle = (id: string) =>
    props.onChange(
      props.chosen.includes(id) ? props.chosen.filter((c) => c !== id) : [...props.chosen, id],
    );
  return (
    <>
      <SearchInput
        aria-label="Search users"
        placeholder="Search users"
        value={text}
        onChange={(_e, v) => setText(v)}
        onClear={() => setText('')}
      />
      <Menu
        onSelect={(_e, id) => typeof id === 'string' && id && toggle(id)}
        isPlain
        isScrollable
        style={{ marginTop: 8 }}
      >
        <MenuContent maxMenuHeight="16rem">
          <MenuList aria-label="Users">
            {options.length === 0 && <MenuItem isDisabled>No options found</MenuItem>}
            {options.map((u) => (
              <MenuItem
                key={u.id}
                itemId={u.id}
                hasCheckbox
                isSelected={props.chosen.includes(u.id)}
                description={u.email ?? undefined}
              >
                {personLabel(u)}
              </MenuItem>
            ))}
          </MenuList>
        </MenuContent>
      </Menu>
      {props.chosen.length > 0 && (
        <LabelGroup aria-label="Chosen users" numLabels={5} style={{ marginTop: 8 }}>
          {props.chosen.map((id) => {
            const user = byId.get(id);
            return (
              <Label key={id} variant="outline" onClose={() => toggle(id)}>
                {user ? personLabel(user) : id}
              </Label>
            );
          })}
        </LabelGroup>
      )}
    </>
  );
}

/**
 * "Add users to the team" (spec 001 "Team members panel"): choose several users; Add is
 * disabled until one is chosen (§5). Resolves when added; a rejection keeps the dialog open.
 */
export function AddMembersDialog(props: {
  members: ReadonlySet<string>;
  onAdd: (people: Person[]) => Promise<void>;
  onClose: () => void;
}) {
  const { users, error, isLoading } = useUsers(true);
  useErrorToast(error);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const people = (users ?? []).filter((u) => chosen.includes(u.id));
    setBusy(true);
    try {
      await props.onAdd(people);
    } catch {
      // Already said, as a toast; the choice stays to try again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen
      onClose={props.onClose}
      title={ADD_MEMBERS_TITLE}
      size="small"
      canExpand={false}
      footer={
        <>
          <Button
            variant="primary"
            isDisabled={chosen.length === 0 || busy}
            isLoading={busy}
            onClick={() => void add()}
          >
            Add
          </Button>
          <Button variant="link" onClick={props.onClose} isDisabled={busy}>
            Cancel
          </Button>
        </>
      }
    >
      {error && <Alert variant="danger" isInline title={error.message} />}
      {!error && (
        <UsersSelect
          users={isLoading ? [] : (users ?? [])}
          members={props.members}
          chosen={chosen}
          onChange={setChosen}
        />
      )}
    </Dialog>
  );
}
