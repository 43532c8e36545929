import {
  Button,
  Checkbox,
  Flex,
  FlexItem,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import type { ReactNode } from 'react';
import { parse, stringify } from 'yaml';
import { getAt, isObject, type Json, type Path } from '../../lib/jsonDoc';
import { useDraft } from '../../lib/useDraft';

/**
 * The spec editors' form fields (spec 001 "Spec editors"): each edits one value of a JSON
 * document at a path, and each editor's form is a list of these plus fields of its own.
 */

export type BasicFieldKind =
  'text' | 'textarea' | 'number' | 'bool' | 'select' | 'choices' | 'strings' | 'map' | 'yaml';

export interface FieldOption {
  value: string;
  label: string;
}

export interface FieldDef<Kind extends string = BasicFieldKind> {
  kind: Kind;
  path: Path;
  label: string;
  required?: boolean;
  /** Required unless one of these keys of the node holds a value (e.g. a connection). */
  unless?: readonly string[];
  /** For number fields. */
  min?: number;
  /** For select and choices fields: plain values, or values with labels. */
  options?: readonly (string | FieldOption)[];
  /** For select fields: the label of the empty choice (default 'Default'). */
  emptyLabel?: string;
  placeholder?: string;
  helper?: string;
}

/** What every field gets: its node, and how to change and validate it (paths are relative). */
export interface FieldContext {
  /** The object the fields' paths start from (a check, a whole document). */
  node: Json;
  /** Unique per node, for element ids. */
  idPrefix: string;
  readOnly: boolean;
  set: (path: Path, value: unknown) => void;
  touch: (path: Path) => void;
  error: (path: Path) => string | undefined;
}

export const MONO = { fontFamily: 'var(--pf-t--global--font--family--mono, monospace)' };

export const fieldId = (prefix: string, path: Path) =>
  `${prefix}-${path.join('-') || 'field'}`.replace(/[^A-Za-z0-9_-]/g, '_');

export function HelperLine({ text, error }: { text?: string; error?: string }) {
  if (!text && !error) return null;
  return (
    <FormHelperText>
      <HelperText>
        <HelperTextItem variant={error ? 'error' : 'default'}>{error ?? text}</HelperTextItem>
      </HelperText>
    </FormHelperText>
  );
}

export function FieldGroup(props: {
  label: string;
  id: string;
  required?: boolean;
  helper?: string;
  error?: string;
  children: ReactNode;
  role?: 'group' | 'radiogroup';
}) {
  return (
    <FormGroup
      label={props.label}
      fieldId={props.id}
      isRequired={props.required}
      role={props.role}
      isInline={props.role === 'radiogroup'}
    >
      {props.children}
      <HelperLine text={props.helper} error={props.error} />
    </FormGroup>
  );
}

export const asText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);

/** Numbers are kept as numbers; anything else typed stays as text, for validation to reject. */
export function numberInput(text: string): unknown {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

const optionOf = (o: string | FieldOption): FieldOption =>
  typeof o === 'string' ? { value: o, label: o } : o;

/** The options offered, plus values the node holds that are not among them. */
function optionsWith(def: FieldDef<string>, values: readonly string[]): FieldOption[] {
  const options = (def.options ?? []).map(optionOf);
  const extra = values.filter((v) => v && !options.some((o) => o.value === v));
  return [...options, ...extra.map((value) => ({ value, label: value }))];
}

// ---------------------------------------------------------------------------------------------

export function TextField({
  def,
  ctx,
  multiline,
}: {
  def: FieldDef<string>;
  ctx: FieldContext;
  multiline?: boolean;
}) {
  const id = fieldId(ctx.idPrefix, def.path);
  const error = ctx.error(def.path);
  const value = asText(getAt(ctx.node, def.path));
  const common = {
    id,
    value,
    placeholder: def.placeholder,
    validated: error ? ('error' as const) : ('default' as const),
    readOnlyVariant: ctx.readOnly ? ('default' as const) : undefined,
    onBlur: () => ctx.touch(def.path),
  };
  return (
    <FieldGroup label={def.label} id={id} required={def.required} helper={def.helper} error={error}>
      {multiline ? (
        <TextArea
          {...common}
          style={MONO}
          autoResize
          resizeOrientation="vertical"
          onChange={(_e, v) => ctx.set(def.path, v === '' ? undefined : v)}
        />
      ) : (
        <TextInput {...common} onChange={(_e, v) => ctx.set(def.path, v === '' ? undefined : v)} />
      )}
    </FieldGroup>
  );
}

export function NumberField({ def, ctx }: { def: FieldDef<string>; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const error = ctx.error(def.path);
  return (
    <FieldGroup label={def.label} id={id} required={def.required} helper={def.helper} error={error}>
      <TextInput
        id={id}
        inputMode="numeric"
        value={asText(getAt(ctx.node, def.path))}
        placeholder={def.placeholder}
        validated={error ? 'error' : 'default'}
        readOnlyVariant={ctx.readOnly ? 'default' : undefined}
        onBlur={() => ctx.touch(def.path)}
        onChange={(_e, v) => ctx.set(def.path, numberInput(v))}
      />
    </FieldGroup>
  );
}

export function BoolField({ def, ctx }: { def: FieldDef<string>; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  return (
    <FormGroup fieldId={id}>
      <Checkbox
        id={id}
        label={def.label}
        description={def.helper}
        isChecked={getAt(ctx.node, def.path) === true}
        isDisabled={ctx.readOnly}
        onChange={(_e, checked) => ctx.set(def.path, checked ? true : undefined)}
      />
    </FormGroup>
  );
}

export function SelectField({ def, ctx }: { def: FieldDef<string>; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const value = asText(getAt(ctx.node, def.path));
  return (
    <FieldGroup label={def.label} id={id} helper={def.helper} error={ctx.error(def.path)}>
      <FormSelect
        id={id}
        value={value}
        isDisabled={ctx.readOnly}
        onChange={(_e, v) => ctx.set(def.path, v === '' ? undefined : v)}
      >
        <FormSelectOption value="" label={def.emptyLabel ?? 'Default'} />
        {optionsWith(def, [value]).map((o) => (
          <FormSelectOption key={o.value} value={o.value} label={o.label} />
        ))}
      </FormSelect>
    </FieldGroup>
  );
}

/** A list of names picked from the options (checkboxes); none picked removes the list. */
export function ChoicesField({ def, ctx }: { def: FieldDef<string>; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const raw = getAt(ctx.node, def.path);
  const chosen = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).map(
    asText,
  );
  const options = optionsWith(def, chosen);
  const optionId = (value: string) => `${id}-${value.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const toggle = (value: string, on: boolean) => {
    const next = on
      ? options.map((o) => o.value).filter((v) => v === value || chosen.includes(v))
      : chosen.filter((v) => v !== value);
    ctx.set(def.path, next.length > 0 ? next : undefined);
  };
  return (
    <FieldGroup
      label={def.label}
      id={optionId(options[0]?.value ?? '')}
      role="group"
      helper={def.helper}
      error={ctx.error(def.path)}
    >
      <Flex spaceItems={{ default: 'spaceItemsMd' }}>
        {options.map((o) => (
          <FlexItem key={o.value}>
            <Checkbox
              id={optionId(o.value)}
              label={o.label}
              isChecked={chosen.includes(o.value)}
              isDisabled={ctx.readOnly}
              onChange={(_e, on) => toggle(o.value, on)}
            />
          </FlexItem>
        ))}
      </Flex>
    </FieldGroup>
  );
}

const linesOf = (value: unknown) =>
  Array.isArray(value) ? value.map(asText).join('\n') : asText(value);
const readLines = (draft: string) => {
  const lines = draft
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return { ok: true as const, value: lines.length > 0 ? (lines as unknown) : undefined };
};

/** A list of strings, one per line; blank lines are dropped. */
export function StringsField({ def, ctx }: { def: FieldDef<string>; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const value = getAt(ctx.node, def.path);
  const [draft, setDraft] = useDraft(value, linesOf, readLines);
  return (
    <FieldGroup label={def.label} id={id} helper={def.helper} error={ctx.error(def.path)}>
      <TextArea
        id={id}
        value={draft}
        style={MONO}
        autoResize
        resizeOrientation="vertical"
        placeholder={def.placeholder}
        readOnlyVariant={ctx.readOnly ? 'default' : undefined}
        onBlur={() => ctx.touch(def.path)}
        onChange={(_e, v) => {
          setDraft(v);
          ctx.set(def.path, readLines(v).value);
        }}
      />
    </FieldGroup>
  );
}

const yamlOf = (value: unknown) =>
  value === undefined ? '' : stringify(value, { lineWidth: 0 }).trimEnd();
function readYaml(draft: string): { ok: true; value: unknown } | { ok: false } {
  if (draft.trim() === '') return { ok: true, value: undefined };
  try {
    const value: unknown = parse(draft);
    return typeof value === 'object' && value !== null ? { ok: true, value } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/** A free-form object (a pod spec, selectors) as YAML; text that does not parse is ignored. */
export function YamlField({ def, ctx }: { def: FieldDef<string>; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const value = getAt(ctx.node, def.path);
  const [draft, setDraft] = useDraft(value, yamlOf, readYaml);
  const invalid = !readYaml(draft).ok;
  return (
    <FieldGroup
      label={def.label}
      id={id}
      required={def.required}
      helper={invalid ? 'Not valid YAML: the last valid value is kept.' : def.helper}
      error={ctx.error(def.path)}
    >
      <TextArea
        id={id}
        value={draft}
        style={MONO}
        rows={6}
        resizeOrientation="vertical"
        validated={invalid ? 'warning' : 'default'}
        readOnlyVariant={ctx.readOnly ? 'default' : undefined}
        onBlur={() => ctx.touch(def.path)}
        onChange={(_e, v) => {
          setDraft(v);
          const read = readYaml(v);
          if (read.ok) ctx.set(def.path, read.value);
        }}
      />
    </FieldGroup>
  );
}

// ---------------------------------------------------------------------------------------------
// Key/value lists

interface Pair {
  key: string;
  value: string;
}

const pairsOf = (value: unknown): Pair[] =>
  isObject(value) ? Object.entries(value).map(([key, v]) => ({ key, value: asText(v) })) : [];
const readPairs = (rows: Pair[]) => {
  const entries = rows.filter((r) => r.key.trim() !== '').map((r) => [r.key.trim(), r.value]);
  return {
    ok: true as const,
    value: entries.length > 0 ? (Object.fromEntries(entries) as unknown) : undefined,
  };
};

/** A map such as labels or filters, as rows; rows without a key are kept but not saved. */
export function KeyValueEditor(props: {
  id: string;
  label: string;
  value: unknown;
  readOnly: boolean;
  onChange: (value: Record<string, string> | undefined) => void;
}) {
  const [rows, setRows] = useDraft(props.value, pairsOf, readPairs);
  const change = (next: Pair[]) => {
    setRows(next);
    props.onChange(readPairs(next).value as Record<string, string> | undefined);
  };
  return (
    <FormGroup label={props.label} fieldId={`${props.id}-add`} role="group">
      {rows.map((row, i) => (
        <Flex key={i} spaceItems={{ default: 'spaceItemsSm' }} style={{ marginBottom: 4 }}>
          <FlexItem grow={{ default: 'grow' }}>
            <TextInput
              aria-label={`${props.label} key ${i + 1}`}
              placeholder="Key"
              value={row.key}
              readOnlyVariant={props.readOnly ? 'default' : undefined}
              onChange={(_e, key) => change(rows.map((r, j) => (j === i ? { ...r, key } : r)))}
            />
          </FlexItem>
          <FlexItem grow={{ default: 'grow' }}>
            <TextInput
              aria-label={`${props.label} value ${i + 1}`}
              placeholder="Value"
              value={row.value}
              readOnlyVariant={props.readOnly ? 'default' : undefined}
              onChange={(_e, value) => change(rows.map((r, j) => (j === i ? { ...r, value } : r)))}
            />
          </FlexItem>
          {!props.readOnly && (
            <FlexItem>
              <Button
                variant="plain"
                aria-label={`Remove ${props.label} ${i + 1}`}
                onClick={() => change(rows.filter((_, j) => j !== i))}
                icon={<MinusCircleIcon />}
              />
            </FlexItem>
          )}
        </Flex>
      ))}
      {!props.readOnly && (
        <Button
          id={`${props.id}-add`}
          variant="link"
          isInline
          icon={<PlusCircleIcon />}
          onClick={() => setRows([...rows, { key: '', value: '' }])}
        >
          Add {props.label}
        </Button>
      )}
    </FormGroup>
  );
}

export function MapField({ def, ctx }: { def: FieldDef<string>; ctx: FieldContext }) {
  return (
    <KeyValueEditor
      id={fieldId(ctx.idPrefix, def.path)}
      label={def.label}
      value={getAt(ctx.node, def.path)}
      readOnly={ctx.readOnly}
      onChange={(v) => ctx.set(def.path, v)}
    />
  );
}

export function BasicField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  switch (def.kind) {
    case 'text':
      return <TextField def={def} ctx={ctx} />;
    case 'textarea':
      return <TextField def={def} ctx={ctx} multiline />;
    case 'number':
      return <NumberField def={def} ctx={ctx} />;
    case 'bool':
      return <BoolField def={def} ctx={ctx} />;
    case 'select':
      return <SelectField def={def} ctx={ctx} />;
    case 'choices':
      return <ChoicesField def={def} ctx={ctx} />;
    case 'strings':
      return <StringsField def={def} ctx={ctx} />;
    case 'map':
      return <MapField def={def} ctx={ctx} />;
    case 'yaml':
      return <YamlField def={def} ctx={ctx} />;
  }
}
