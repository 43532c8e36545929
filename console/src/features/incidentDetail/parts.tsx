import { Avatar } from '@patternfly/react-core';
import { initials } from '../../lib/format';
import { parseComment } from './mentions';
import type { PersonRef } from './model';

/** A person's (or a team's) picture, or their initials. */
export function PersonAvatar({
  person,
  size = 'sm',
}: {
  person: Pick<PersonRef, 'name' | 'avatar'> | null | undefined;
  size?: 'sm' | 'md';
}) {
  const name = person?.name ?? '?';
  return person?.avatar && /^(https?:|data:|\/)/.test(person.avatar) ? (
    <Avatar src={person.avatar} alt={name} size={size} />
  ) : (
    <Avatar alt={name} initials={initials(name)} color="blue" size={size} />
  );
}

/** A stored comment with its mentions shown as '@Name'. */
export function CommentText({ comment }: { comment: string }) {
  return (
    <span style={{ whiteSpace: 'pre-wrap' }}>
      {parseComment(comment).map((s, i) =>
        s.kind === 'text' ? (
          <span key={i}>{s.text}</span>
        ) : (
          <strong key={i} className="vigil-mention" data-user-id={s.id}>
            @{s.display}
          </strong>
        ),
      )}
    </span>
  );
}
