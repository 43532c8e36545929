import { formatAge, formatDateTime } from '../../lib/format';

/** '5m ago', with the exact time on hover; nothing for a missing or unreadable time. */
export function TimeAgo({ at }: { at: string | null | undefined }) {
  if (!at) return null;
  const age = formatAge(at);
  if (!age) return null;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {age} ago
    </time>
  );
}
