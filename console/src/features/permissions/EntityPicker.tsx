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
import { TimesIcon } from '@patternfly/react-icons';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { searchEntities } from './api';
import type { EntityKind, EntityRef, SubjectKind } from './model';

export const SEARCH_DELAY_MS = 250;

export interface EntityPickerProps {
  /** The input's id, for the form label. */
  id: string;
  /** Required: PatternFly otherwise names the input 'Type to filter', hiding the form label. */
  'aria-label': string;
  kind: EntityKind | SubjectKind;
  value?: EntityRef;
  onChange: (value: EntityRef | undefined) => void;
  isInvalid?: boolean;
}

type Results = { kind: 'loading' } | { kind: 'ready'; options: EntityRef[] } | { kind: 'failed' };

/** A typeahead over one table: type to search by name, pick one row. */
export function EntityPicker(props: EntityPickerProps) {
  const { id, kind, value, onChange, isInvalid } = props;
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState(value?.label ?? '');
  const [results, setResults] = useState<Results>({ kind: 'loading' });
  const [focused, setFocused] = useState(-1);
  // The chosen name in the box means "show everything", not "search for this name".
  const query = text === value?.label ? '' : text;

  useEffect(() => {
    if (!isOpen) return;
    let active = true;
    const timer = setTimeout(() => {
      searchEntities(kind, query).then(
        (options) => active && setResults({ kind: 'ready', options }),
        () => active && setResults({ kind: 'failed' }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [isOpen, kind, query]);

  const options = results.kind === 'ready' ? results.options : [];
  const close = () => {
    setIsOpen(false);
    setFocused(-1);
    setText(value?.label ?? '');
  };
  const pick = (option: EntityRef) => {
    onChange(option);
    setText(option.label);
    setIsOpen(false);
    setFocused(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setFocused((f) => (f + step + options.length) % options.length);
    } else if (event.key === 'Enter' && isOpen && options[focused]) {
      event.preventDefault();
      pick(options[focused]);
    } else if (event.key === 'Escape') close();
  };

  const listId = `${id}-listbox`;
  return (
    <Select
      isOpen={isOpen}
      selected={value?.id}
      onSelect={(_event, selected) => {
        const option = options.find((o) => o.id === selected);
        if (option) pick(option);
      }}
      onOpenChange={(open) => (open ? setIsOpen(true) : close())}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="typeahead"
          isFullWidth
          isExpanded={isOpen}
          status={isInvalid ? 'danger' : undefined}
          onClick={() => setIsOpen((open) => !open)}
        >
          <TextInputGroup isPlain>
            <TextInputGroupMain
              inputId={id}
              aria-label={props['aria-label']}
              value={text}
              placeholder="Search by name"
              role="combobox"
              isExpanded={isOpen}
              aria-controls={listId}
              inputProps={{ autoComplete: 'off', onKeyDown }}
              onClick={() => setIsOpen(true)}
              onChange={(_event, v) => {
                setText(v);
                setFocused(-1);
                setIsOpen(true);
              }}
            />
            {text && (
              <TextInputGroupUtilities>
                <Button
                  variant="plain"
                  aria-label="Clear"
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
            Search failed
          </SelectOption>
        )}
        {results.kind === 'ready' && options.length === 0 && (
          <SelectOption isDisabled value="">
            No results found
          </SelectOption>
        )}
        {options.map((option, index) => (
          <SelectOption
            key={option.id}
            value={option.id}
            description={option.description}
            isFocused={index === focused}
          >
            {option.label}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}
