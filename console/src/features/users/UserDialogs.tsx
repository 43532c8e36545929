import { useToast } from '../../components/Toast/useToast';
import { inviteUser, updateUser, type UserRow } from './api';
import { LinkDialog } from './LinkDialog';
import { highestRole, roleChoices } from './roles';
import { EMPTY_USER, type UserFormValues } from './userForm';
import { UserFormDialog } from './UserFormDialog';

export type UserDialog =
  | { kind: 'invite' }
  | { kind: 'edit'; user: UserRow }
  | {
      kind: 'link';
      purpose: 'invite' | 'recovery';
      user: { name: string; email: string };
      link: string;
    };

export interface UserDialogsProps {
  dialog: UserDialog | undefined;
  onChange: (dialog: UserDialog | undefined) => void;
  /** The list changed. */
  onSaved: () => void;
  /** Shows a failure (a toast); the dialog stays open. */
  onError: (error: unknown) => void;
}

const LINK_TEXT = {
  invite: {
    title: 'Invite Link',
    text: (who: string) =>
      `Send this link to ${who} to create their account. It works once and expires in 7 days.`,
  },
  recovery: {
    title: 'Recovery Link',
    text: (who: string) =>
      `Send this link to ${who} to set a new password. It works once and expires in 24 hours.`,
  },
} as const;

/** The Invite User, Edit User and link dialogs of the Users page. */
export function UserDialogs({ dialog, onChange, onSaved, onError }: UserDialogsProps) {
  const { addToast } = useToast();
  const close = () => onChange(undefined);

  if (dialog?.kind === 'invite') {
    const invite = async (values: UserFormValues) => {
      try {
        const link = await inviteUser(values);
        onSaved();
        const name = `${values.firstName} ${values.lastName}`.trim();
        onChange({ kind: 'link', purpose: 'invite', user: { name, email: values.email }, link });
      } catch (e) {
        onError(e);
        throw e;
      }
    };
    return (
      <UserFormDialog
        title="Invite User"
        submitLabel="Invite"
        initial={EMPTY_USER}
        roles={roleChoices()}
        onSubmit={invite}
        onClose={close}
      />
    );
  }

  if (dialog?.kind === 'edit') {
    const { user } = dialog;
    const save = async (values: UserFormValues) => {
      try {
        const name = await updateUser(user.id, values);
        addToast({ variant: 'success', title: `${name} updated successfully` });
        close();
        onSaved();
      } catch (e) {
        onError(e);
        throw e;
      }
    };
    return (
      <UserFormDialog
        title="Edit User"
        submitLabel="Save"
        initial={{
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          role: highestRole(user.roles) ?? '',
          // An invited user is active once they accept: editing them must not switch that off.
          active: user.state !== 'inactive',
        }}
        roles={roleChoices(user.roles)}
        withActive
        onSubmit={save}
        onClose={close}
      />
    );
  }

  if (dialog?.kind === 'link') {
    const { title, text } = LINK_TEXT[dialog.purpose];
    return (
      <LinkDialog
        title={title}
        description={text(dialog.user.name || dialog.user.email)}
        link={dialog.link}
        onClose={close}
      />
    );
  }
  return null;
}
