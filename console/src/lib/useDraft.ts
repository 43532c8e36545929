import { useState } from 'react';
import { sameValue } from './jsonDoc';

/**
 * Text the user is typing for a value that has a different shape (lines for a list, rows for a
 * map, YAML for an object). The draft is kept while it still means the current value, so a
 * half-typed line or row is not wiped; when the value changes elsewhere (the Code tab), the
 * draft is written afresh from it.
 */
export function useDraft<V, D>(
  value: V,
  format: (value: V) => D,
  read: (draft: D) => { ok: true; value: V } | { ok: false },
): [D, (draft: D) => void] {
  const [draft, setDraft] = useState(() => format(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    const parsed = read(draft);
    if (!parsed.ok || !sameValue(parsed.value, value)) setDraft(format(value));
  }
  return [draft, setDraft];
}
