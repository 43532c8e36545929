import {
  Button,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  TextInputGroup,
  TextInputGroupMain,
  TextInputGroupUtilities,
} from '@patternfly/react-core';
import { PlusIcon, TimesIcon } from '@patternfly/react-icons';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';

/** Spec 000 §2.8 / §9: dropdown search debounce. */
export const PICKER_SEARCH_DEBOUNCE_MS = 500;

export interface PickerItem {
  id: string;
  label: string;
  description?: ReactNode;
}

export interface PickerProps<Item extends PickerItem> {
  /** The input's id, for a form label. */
  id: string;
  'aria-label': string;
  placeholder?: string;
  /** The current choice; its label fills the box. */
  value?: { id?: string; label: string };
  /** Finds the options for the typed text. Keep it stable (useCallback): it is an effect dep. */
  load: (text: string) => Promise<Item[]>;
  onChange: (item: Item | undefined) => void;
  /** Offers 'create' for the typed text when no option is named exactly so. */
  onCreate?: (text: string) => void;
  createLabel?: (text: string) => string;
  renderOption?: (item: Item) => ReactNode;
  /** Shown instead of the options when loading fails. */
  failedText?: string;
  isInvalid?: boolean;
  isDisabled?: boolean;
  debounceMs?: number;
  width?: string;
}

type Results<Item> = { kind: 'loading' } | { kind: 'ready'; items: Item[] } | { kind: 'failed' };

const CREATE = '\u0000create';

/** A typeahead over a server search: type to search, pick one, optionally create a new one. */
export function Picker<Item extends PickerItem>(props: PickerProps<Item>) {
  const { id, value, load, onChange, onCreate, isInvalid, isDisabled } = props;
  const debounceMs = props.debounceMs ?? PICKER_SEARCH_DEBOUNCE_MS;
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState(value?.label ?? '');
  const [seen, setSeen] = useState(value?.label);
  const [results, setResults] = useState<Results<Item>>({ kind: 'loading' });
  const [focused, setFocused] = useState(-1);
  // A choice made elsewhere (the URL, a reset) replaces what the box shows.
  if (seen !== value?.label) {
    setSeen(value?.label);
    setText(value?.label ?? '');
  }
  // The chosen name in the box means "show everything", not "search for this name".
  const query = text === (value?.label ?? '') ? '' : text;

  useEffect(() => {
    if (!isOpen) return;
    let active = true;
    const timer = setTimeout(
      () => {
        load(query).then(
          (items) => active && setResults({ kind: 'ready', items }),
          (error: unknown) => {
            console.error(error);
            if (active) setResults({ kind: 'failed' });
          },
        );
      },
      query ? debounceMs : 0,
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [isOpen, load, query, debounceMs]);

  const items = results.kind === 'ready' ? results.items : [];
  const typed = text.trim();
  const canCreate =
    Boolean(onCreate) &&
    typed !== '' &&
    typed !== value?.label &&
    !items.some((item) => item.label.toLowerCase() === typed.toLowerCase());
  const entries: (Item | typeof CREATE)[] = canCreate ? [...items, CREATE] : items;

  const close = () => {
    setIsOpen(false);
    setFocused(-1);
    setText(value?.label ?? '');
  };
  const choose = (entry: Item | typeof CREATE) => {
    setIsOpen(false);
    setFocused(-1);
    if (entry === CREATE) {
      onCreate?.(typed);
      setText(typed);
      return;
    }
    setText(entry.label);
    onChange(entry);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (entries.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setFocused((f) => (f + step + entries.length) % entries.length);
    } else if (event.key === 'Enter') {
      const entry = entries[focused];
      if (isOpen && entry !== undefined) {
        event.preventDefault();
        choose(entry);
      }
    } else if (event.key === 'Escape') close();
  };

  const listId = `${id}-listbox`;
  return (
    <Select
      isOpen={isOpen}
      selected={value?.id}
      onSelect={(_event, selected) => {
        if (selected === CREATE) {
          choose(CREATE);
          return;
        }
        const item = items.find((i) => i.id === selected);
        if (item) choose(item);
      }}
      onOpenChange={(open) => (open ? setIsOpen(true) : close())}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="typeahead"
          isFullWidth={!props.width}
          style={props.width ? { width: props.width } : undefined}
          isExpanded={isOpen}
          isDisabled={isDisabled}
          status={isInvalid ? 'danger' : undefined}
          onClick={() => setIsOpen((open) => !open)}
        >
          <TextInputGroup isPlain>
            <TextInputGroupMain
              inputId={id}
              aria-label={props['aria-label']}
              value={text}
              placeholder={props.placeholder}
              role="combobox"
              isExpanded={isOpen}
              aria-controls={listId}
              aria-invalid={isInvalid || undefined}
              inputProps={{ autoComplete: 'off', onKeyDown, disabled: isDisabled }}
              onClick={() => setIsOpen(true)}
              onChange={(_event, typedText) => {
                setText(typedText);
                setFocused(-1);
                setIsOpen(true);
              }}
            />
            {text && !isDisabled && (
              <TextInputGroupUtilities>
                <Button
                  variant="plain"
                  aria-label={`Clear ${props['aria-label']}`}
                  icon={<TimesIcon />}
                  onClick={(event) => {
                    event.stopPropagation();
                    setText('');
                    onChange(undefined);
                  }}
                />
              </TextInputGroupUtilities>
            )}
          </TextInputGroup>
        </MenuToggle>
      )}
      shouldFocusToggleOnSelect
      isScrollable
      maxMenuHeight="18rem"
    >
      <SelectList id={listId}>
        {results.kind === 'loading' && (
          <SelectOption isDisabled value="">
            Searching…
          </SelectOption>
        )}
        {results.kind === 'failed' && (
          <SelectOption isDisabled value="">
            {props.failedText ?? 'Search failed'}
          </SelectOption>
        )}
        {results.kind === 'ready' && entries.length === 0 && (
          <SelectOption isDisabled value="">
            No results found
          </SelectOption>
        )}
        {entries.map((entry, index) =>
          entry === CREATE ? (
            <SelectOption
              key={CREATE}
              value={CREATE}
              icon={<PlusIcon />}
              isFocused={index === focused}
            >
              {props.createLabel ? props.createLabel(typed) : `Create "${typed}"`}
            </SelectOption>
          ) : (
            <SelectOption
              key={entry.id}
              value={entry.id}
              description={entry.description}
              isFocused={index === focused}
            >
              {props.renderOption ? props.renderOption(entry) : entry.label}
            </SelectOption>
          ),
        )}
      </SelectList>
    </Select>
  );
}
