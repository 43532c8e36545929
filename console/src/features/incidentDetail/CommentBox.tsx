import {
  Button,
  Flex,
  FlexItem,
  HelperText,
  HelperTextItem,
  Menu,
  MenuContent,
  MenuItem,
  MenuList,
  TextArea,
} from '@patternfly/react-core';
import {
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { encodeMentions, insertMention, mentionQuery, type Mention } from './mentions';
import { MESSAGES } from './messages';
import type { PersonRef } from './model';

const MAX_SUGGESTIONS = 8;

export interface CommentBoxProps {
  /** People that can be mentioned ('@' opens the list). */
  people: readonly PersonRef[];
  /**
   * Sends the stored comment (mentions as @[display](user:id)); answers false when it failed, so
   * the text comes back into the box.
   */
  onSubmit: (comment: string) => Promise<boolean>;
  /** A problem that stops sending (no hypothesis chosen): shown when the user tries. */
  validate?: () => string | undefined;
  /** Controls beside the Comment button (the hypothesis picker). */
  extra?: ReactNode;
  label?: string;
}

/**
 * The comment box (§2.4): '@' suggests people, the chosen ones are sent as mention markup.
 * Comment is disabled while the box is empty or while sending.
 */
export function CommentBox({
  people,
  onSubmit,
  validate,
  extra,
  label = 'Comment',
}: CommentBoxProps) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number>();
  const area = useRef<HTMLTextAreaElement>(null);
  const [placeCaret, setPlaceCaret] = useState<number>();
  const listId = useId();

  const query = mentionQuery(text, caret);
  const suggestions = useMemo(() => {
    if (!query) return [];
    const q = query.query.toLowerCase();
    return people.filter((p) => p.name.toLowerCase().includes(q)).slice(0, MAX_SUGGESTIONS);
  }, [people, query]);
  const open = Boolean(query) && suggestions.length > 0 && dismissed !== query?.start;

  const change = (value: string, position: number | null) => {
    setText(value);
    setCaret(position ?? value.length);
    setProblem(undefined);
    setActive(0);
  };

  const choose = (person: PersonRef) => {
    if (!query) return;
    const next = insertMention(text, query.start, caret, person.name);
    setText(next.text);
    setCaret(next.caret);
    setMentions((m) => [
      ...m.filter((x) => x.id !== person.id),
      { id: person.id, display: person.name },
    ]);
    setPlaceCaret(next.caret);
  };

  // The caret goes after the inserted mention as soon as React has written the new text, before
  // the next key is handled: a later frame would move it back behind keys typed meanwhile.
  useLayoutEffect(() => {
    if (placeCaret === undefined) return;
    area.current?.focus();
    area.current?.setSelectionRange(placeCaret, placeCaret);
    setPlaceCaret(undefined);
  }, [placeCaret]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const person = suggestions[active];
      if (person) {
        event.preventDefault();
        choose(person);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(query?.start);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    if (!text.trim()) {
      setProblem(MESSAGES.emptyComment);
      return;
    }
    const invalid = validate?.();
    if (invalid) {
      setProblem(invalid);
      return;
    }
    const typed = text;
    const comment = encodeMentions(typed, mentions);
    // Optimistic: the box empties at once and gets the text back if sending fails.
    setSending(true);
    setText('');
    setCaret(0);
    try {
      const ok = await onSubmit(comment);
      if (ok) setMentions([]);
      else setText((current) => current || typed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={label}>
      <div style={{ position: 'relative' }}>
        <TextArea
          ref={area}
          aria-label={label}
          placeholder="Add a comment, @ to mention someone"
          value={text}
          resizeOrientation="vertical"
          onChange={(e, value) => change(value, e.currentTarget.selectionStart)}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-expanded={open}
          validated={problem ? 'error' : 'default'}
        />
        {open && (
          <Menu
            id={listId}
            style={{ position: 'absolute', zIndex: 10, minWidth: '16rem' }}
            onSelect={(_e, value) => {
              const person = suggestions.find((p) => p.id === value);
              if (person) choose(person);
            }}
          >
            <MenuContent>
              <MenuList aria-label="Mention suggestions">
                {suggestions.map((p, i) => (
                  <MenuItem key={p.id} itemId={p.id} isFocused={i === active}>
                    {p.name}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuContent>
          </Menu>
        )}
      </div>
      {problem && (
        <HelperText>
          <HelperTextItem variant="error">{problem}</HelperTextItem>
        </HelperText>
      )}
      <Flex
        spaceItems={{ default: 'spaceItemsSm' }}
        alignItems={{ default: 'alignItemsCenter' }}
        style={{ marginTop: 'var(--pf-t--global--spacer--sm)' }}
      >
        {extra && <FlexItem>{extra}</FlexItem>}
        <FlexItem>
          <Button type="submit" isDisabled={text === '' || sending} isLoading={sending}>
            Comment
          </Button>
        </FlexItem>
      </Flex>
    </form>
  );
}
