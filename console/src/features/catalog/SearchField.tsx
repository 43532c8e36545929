import { SearchInput } from '@patternfly/react-core';
import { useEffect, useRef, useState } from 'react';

/** How long after the last keystroke the search reaches the URL. */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * A search box whose text is committed a moment after typing stops; a value changed from
 * outside (the back button) replaces the text.
 */
export function SearchField(props: {
  label: string;
  value: string;
  onCommit: (text: string) => void;
}) {
  const { value } = props;
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const commit = useRef(props.onCommit);
  useEffect(() => {
    commit.current = props.onCommit;
  }, [props.onCommit]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => commit.current(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <SearchInput
      aria-label={props.label}
      placeholder={props.label}
      value={draft}
      onChange={(_event, text) => setDraft(text)}
      onClear={() => setDraft('')}
      style={{ minWidth: '16rem' }}
    />
  );
}
