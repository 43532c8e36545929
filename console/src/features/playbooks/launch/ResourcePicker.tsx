import {
  Button,
  Label,
  LabelGroup,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  TextInputGroup,
  TextInputGroupMain,
  TextInputGroupUtilities,
} from '@patternfly/react-core';
import { TimesIcon } from '@patternfly/react-icons';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { lookupOptions, searchOptions, type PickerKind, type PickerOption } from './pickerSources';

/** Spec 001 §9: resource search for playbook parameters waits 300 ms after the last keystroke. */
export const RESOURCE_SEARCH_DEBOUNCE_MS = 300;
export const START_TYPING = 'Start typing to search';
export const NO_OPTIONS = 'No options found';

export interface ResourcePickerProps {
  id: string;
  label: string;
  kind: PickerKind;
  /** Several ids, kept comma-separated in one value (the `configs` type). */
  multiple?: boolean;
  /** The chosen id, or ids joined by commas. */
  value: string;
  /** The parameter's resource selectors (its `filter` property). */
  filter?: unknown;
  isInvalid?: boolean;
  onChange: (value: string) => void;
  /** The user has been through the field (for when its error shows). */
  onTouch?: () => void;
}

interface Results {
  query: string;
  items?: PickerOption[];
  failed?: boolean;
}

const idsOf = (value: string) =>
  value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** A searchable picker over /api/db: nothing is listed until something is typed. */
export function ResourcePicker(props: ResourcePickerProps) {
  const { id, kind, multiple = false, value, filter, onChange } = props;
  const ids = useMemo(() => idsOf(value), [value]);
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const [results, setResults] = useState<Results>();
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [focused, setFocused] = useState(-1);
  const query = multiple || editing ? text.trim() : '';

  useEffect(() => {
    if (!query) return;
    let active = true;
    const timer = setTimeout(() => {
      searchOptions(kind, query, filter).then(
        (items) => active && setResults({ query, items }),
        () => active && setResults({ query, failed: true }),
      );
    }, RESOURCE_SEARCH_DEBOUNCE_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [kind, query, filter]);

  // A default holds ids: show their names once known.
  const unknown = ids.filter((i) => labels[i] === undefined).join(',');
  useEffect(() => {
    if (!unknown) return;
    let active = true;
    lookupOptions(kind, unknown.split(',')).then(
      (found) =>
        active &&
        setLabels((known) => ({
          ...known,
          ...Object.fromEntries(found.map((o) => [o.id, o.label])),
        })),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [kind, unknown]);

  const items = query && results?.query === query ? (results.items ?? []) : [];
  const nameOf = (i: string) => labels[i] ?? i;

  const close = () => {
    setIsOpen(false);
    setEditing(false);
    setFocused(-1);
    if (!multiple) setText('');
    props.onTouch?.();
  };
  const choose = (option: PickerOption) => {
    setLabels((known) => ({ ...known, [option.id]: option.label }));
    if (multiple) {
      onChange((ids.includes(option.id) ? ids : [...ids, option.id]).join(','));
    } else {
      onChange(option.id);
    }
    setText('');
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setFocused((f) => (f + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      const item = items[focused];
      if (isOpen && item) {
        event.preventDefault();
        choose(item);
      }
    } else if (event.key === 'Escape') close();
  };

  const shown = multiple || editing ? text : ids[0] ? nameOf(ids[0]) : '';
  const listId = `${id}-listbox`;
  let status: string | undefined;
  if (!query) status = START_TYPING;
  else if (results?.query !== query) status = 'Searching…';
  else if (results.failed) status = 'Search failed';
  else if (items.length === 0) status = NO_OPTIONS;

  return (
    <>
      <Select
        isOpen={isOpen}
        selected={multiple ? ids : ids[0]}
        onSelect={(_event, selected) => {
          const item = items.find((i) => i.id === selected);
          if (item) choose(item);
        }}
        onOpenChange={(open) => (open ? setIsOpen(true) : close())}
        toggle={(ref) => (
          <MenuToggle
            ref={ref}
            variant="typeahead"
            isFullWidth
            isExpanded={isOpen}
            status={props.isInvalid ? 'danger' : undefined}
            onClick={() => setIsOpen((open) => !open)}
          >
            <TextInputGroup isPlain>
              <TextInputGroupMain
                inputId={id}
                aria-label={props.label}
                value={shown}
                placeholder="Search by name"
                role="combobox"
                isExpanded={isOpen}
                aria-controls={listId}
                aria-invalid={props.isInvalid || undefined}
                inputProps={{ autoComplete: 'off', onKeyDown }}
                onClick={() => setIsOpen(true)}
                onChange={(_event, typed) => {
                  setText(typed);
                  setEditing(true);
                  setFocused(-1);
                  setIsOpen(true);
                }}
              />
              {!multiple && ids.length > 0 && (
                <TextInputGroupUtilities>
                  <Button
                    variant="plain"
                    aria-label={`Clear ${props.label}`}
                    icon={<TimesIcon />}
                    onClick={(event) => {
                      event.stopPropagation();
                      onChange('');
                      setText('');
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
        <SelectList id={listId} aria-label={`${props.label} options`}>
          {status ? (
            <SelectOption isDisabled value="">
              {status}
            </SelectOption>
          ) : (
            items.map((item, index) => (
              <SelectOption
                key={item.id}
                value={item.id}
                description={item.description}
                isFocused={index === focused}
              >
                {item.label}
              </SelectOption>
            ))
          )}
        </SelectList>
      </Select>
      {multiple && ids.length > 0 && (
        <LabelGroup aria-label={`Chosen ${props.label}`} numLabels={10} style={{ marginTop: 8 }}>
          {ids.map((i) => (
            <Label
              key={i}
              onClose={() => onChange(ids.filter((other) => other !== i).join(','))}
              closeBtnAriaLabel={`Remove ${nameOf(i)}`}
            >
              {nameOf(i)}
            </Label>
          ))}
        </LabelGroup>
      )}
    </>
  );
}
