import { Avatar } from '@patternfly/react-core';
import { initials } from '../../lib/format';

export interface AvatarPerson {
  id?: string;
  name: string;
  avatar?: string | null;
}

export interface AvatarStackProps {
  people: readonly AvatarPerson[];
  /** Avatars shown before the rest collapse into '+N'; the spec limit is 5. */
  max?: number;
  size?: 'sm' | 'md';
}

export const AVATAR_STACK_MAX = 5;

export function AvatarStack({ people, max = AVATAR_STACK_MAX, size = 'sm' }: AvatarStackProps) {
  const shown = people.slice(0, max);
  const hidden = people.slice(max);
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 'var(--pf-t--global--spacer--xs)',
      }}
    >
      {shown.map((person, index) =>
        person.avatar ? (
          <Avatar
            key={person.id ?? index}
            src={person.avatar}
            alt={person.name}
            title={person.name}
            size={size}
          />
        ) : (
          <Avatar
            key={person.id ?? index}
            alt={person.name}
            title={person.name}
            initials={initials(person.name)}
            color="blue"
            size={size}
          />
        ),
      )}
      {hidden.length > 0 && (
        <span title={hidden.map((p) => p.name).join(', ')}>+{hidden.length}</span>
      )}
    </span>
  );
}
