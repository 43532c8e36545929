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
  Radio,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import type { ReactNode } from 'react';
import { parse, stringify } from 'yaml';
import {
  AUTH_CHOICES,
  HTTP_METHODS,
  RESPONSE_CODES,
  SCRIPT_CHOICES,
  type AuthChoice,
  type FieldDef,
  type Path,
} from './checkTypes';
import { getAt, isObject, type Json } from './document';
import { useDraft } from './useDraft';

/** What every field gets: its check, and how to change and validate it (paths are relative). */
export interface FieldContext {
  check: Json;
  /** Unique per check, for element ids. */
  idPrefix: string;
  readOnly: boolean;
  set: (path: Path, value: unknown) => void;
  touch: (path: Path) => void;
  error: (path: Path) => string | undefined;
}

const MONO = { fontFamily: 'var(--pf-t--global--font--family--mono, monospace)' };

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

function Group(props: {
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

const asText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);

/** An EnvVar is {value} or {valueFrom}; a plain string is taken as its value. */
function envValue(value: unknown): { text: string; from?: string } {
  if (!isObject(value)) return { text: asText(value) };
  const from = value.valueFrom;
  if (isObject(from)) {
    const [kind, ref] = Object.entries(from)[0] ?? [];
    const where = isObject(ref) ? [ref.name, ref.key].filter(Boolean).join('/') : asText(ref);
    return { text: '', from: `${kind ?? 'valueFrom'} ${where}`.trim() };
  }
  return { text: asText(value.value) };
}

/** Numbers are kept as numbers; anything else typed stays as text, for validation to reject. */
export function numberInput(text: string): unknown {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

// ---------------------------------------------------------------------------------------------

function TextField({
  def,
  ctx,
  multiline,
}: {
  def: FieldDef;
  ctx: FieldContext;
  multiline?: boolean;
}) {
  const id = fieldId(ctx.idPrefix, def.path);
  const error = ctx.error(def.path);
  const value = asText(getAt(ctx.check, def.path));
  const common = {
    id,
    value,
    placeholder: def.placeholder,
    validated: error ? ('error' as const) : ('default' as const),
    readOnlyVariant: ctx.readOnly ? ('default' as const) : undefined,
    onBlur: () => ctx.touch(def.path),
  };
  return (
    <Group label={def.label} id={id} required={def.required} helper={def.helper} error={error}>
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
    </Group>
  );
}

function NumberField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const error = ctx.error(def.path);
  return (
    <Group label={def.label} id={id} required={def.required} helper={def.helper} error={error}>
      <TextInput
        id={id}
        inputMode="numeric"
        value={asText(getAt(ctx.check, def.path))}
        placeholder={def.placeholder}
        validated={error ? 'error' : 'default'}
        readOnlyVariant={ctx.readOnly ? 'default' : undefined}
        onBlur={() => ctx.touch(def.path)}
        onChange={(_e, v) => ctx.set(def.path, numberInput(v))}
      />
    </Group>
  );
}

function BoolField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  return (
    <FormGroup fieldId={id}>
      <Checkbox
        id={id}
        label={def.label}
        isChecked={getAt(ctx.check, def.path) === true}
        isDisabled={ctx.readOnly}
        onChange={(_e, checked) => ctx.set(def.path, checked ? true : undefined)}
      />
    </FormGroup>
  );
}

function SelectField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const value = asText(getAt(ctx.check, def.path));
  const options = def.options ?? [];
  const all = value && !options.includes(value) ? [...options, value] : options;
  return (
    <Group label={def.label} id={id} helper={def.helper} error={ctx.error(def.path)}>
      <FormSelect
        id={id}
        value={value}
        isDisabled={ctx.readOnly}
        onChange={(_e, v) => ctx.set(def.path, v === '' ? undefined : v)}
      >
        <FormSelectOption value="" label="Default" />
        {all.map((o) => (
          <FormSelectOption key={o} value={o} label={o} />
        ))}
      </FormSelect>
    </Group>
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

function StringsField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const value = getAt(ctx.check, def.path);
  const [draft, setDraft] = useDraft(value, linesOf, readLines);
  return (
    <Group label={def.label} id={id} helper={def.helper} error={ctx.error(def.path)}>
      <TextArea
        id={id}
        value={draft}
        style={MONO}
        autoResize
        resizeOrientation="vertical"
        readOnlyVariant={ctx.readOnly ? 'default' : undefined}
        onBlur={() => ctx.touch(def.path)}
        onChange={(_e, v) => {
          setDraft(v);
          ctx.set(def.path, readLines(v).value);
        }}
      />
    </Group>
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
function YamlField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const value = getAt(ctx.check, def.path);
  const [draft, setDraft] = useDraft(value, yamlOf, readYaml);
  const invalid = !readYaml(draft).ok;
  return (
    <Group
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
    </Group>
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

function MapField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  return (
    <KeyValueEditor
      id={fieldId(ctx.idPrefix, def.path)}
      label={def.label}
      value={getAt(ctx.check, def.path)}
      readOnly={ctx.readOnly}
      onChange={(v) => ctx.set(def.path, v)}
    />
  );
}

/** A list of EnvVar (headers, env): name plus a value or a reference shown as such. */
function EnvField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const raw = getAt(ctx.check, def.path);
  const list: Json[] = Array.isArray(raw) ? raw.map((e) => (isObject(e) ? e : {})) : [];
  const put = (next: Json[]) => ctx.set(def.path, next.length > 0 ? next : undefined);
  return (
    <FormGroup label={def.label} fieldId={`${id}-add`} role="group">
      {list.map((entry, i) => {
        const { text, from } = envValue(entry);
        return (
          <Flex key={i} spaceItems={{ default: 'spaceItemsSm' }} style={{ marginBottom: 4 }}>
            <FlexItem grow={{ default: 'grow' }}>
              <TextInput
                aria-label={`${def.label} name ${i + 1}`}
                placeholder="Name"
                value={asText(entry.name)}
                readOnlyVariant={ctx.readOnly ? 'default' : undefined}
                onChange={(_e, name) => put(list.map((e, j) => (j === i ? { ...e, name } : e)))}
              />
            </FlexItem>
            <FlexItem grow={{ default: 'grow' }}>
              <TextInput
                aria-label={`${def.label} value ${i + 1}`}
                placeholder={from ? `From ${from} (edit in the Code tab)` : 'Value'}
                value={text}
                isDisabled={Boolean(from)}
                readOnlyVariant={ctx.readOnly ? 'default' : undefined}
                onChange={(_e, value) => put(list.map((e, j) => (j === i ? { ...e, value } : e)))}
              />
            </FlexItem>
            {!ctx.readOnly && (
              <FlexItem>
                <Button
                  variant="plain"
                  aria-label={`Remove ${def.label} ${i + 1}`}
                  onClick={() => put(list.filter((_, j) => j !== i))}
                  icon={<MinusCircleIcon />}
                />
              </FlexItem>
            )}
          </Flex>
        );
      })}
      {!ctx.readOnly && (
        <Button
          id={`${id}-add`}
          variant="link"
          isInline
          icon={<PlusCircleIcon />}
          onClick={() => put([...list, { name: '', value: '' }])}
        >
          Add {def.label}
        </Button>
      )}
    </FormGroup>
  );
}

/**
 * One EnvVar (username, password): its value, or where it comes from. `keepEmpty` keeps an
 * emptied value (the Basic authentication choice is read from its presence).
 */
function SecretField({
  def,
  ctx,
  keepEmpty,
}: {
  def: FieldDef;
  ctx: FieldContext;
  keepEmpty?: boolean;
}) {
  const id = fieldId(ctx.idPrefix, def.path);
  const { text, from } = envValue(getAt(ctx.check, def.path));
  const isPassword = def.path[def.path.length - 1] === 'password';
  return (
    <Group
      label={def.label}
      id={id}
      helper={from ? `From ${from}; edit it in the Code tab.` : def.helper}
    >
      <TextInput
        id={id}
        type={isPassword ? 'password' : 'text'}
        value={text}
        isDisabled={Boolean(from)}
        readOnlyVariant={ctx.readOnly ? 'default' : undefined}
        onChange={(_e, v) => ctx.set(def.path, v === '' && !keepEmpty ? undefined : { value: v })}
      />
    </Group>
  );
}

// ---------------------------------------------------------------------------------------------
// HTTP selectors (spec 001 "Selectors")

function ResponseCodesField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const raw = getAt(ctx.check, def.path);
  const chosen = Array.isArray(raw) ? raw.map(Number) : [];
  const offered = [...new Set([...RESPONSE_CODES, ...chosen.filter(Number.isFinite)])].sort(
    (a, b) => a - b,
  );
  const toggle = (code: number, on: boolean) => {
    const next = on ? [...chosen, code].sort((a, b) => a - b) : chosen.filter((c) => c !== code);
    ctx.set(def.path, next.length > 0 ? next : undefined);
  };
  return (
    <Group
      label={def.label}
      id={`${id}-${offered[0] ?? 0}`}
      role="group"
      helper="None chosen accepts any 2xx."
    >
      <Flex spaceItems={{ default: 'spaceItemsMd' }}>
        {offered.map((code) => (
          <FlexItem key={code}>
            <Checkbox
              id={`${id}-${code}`}
              label={String(code)}
              isChecked={chosen.includes(code)}
              isDisabled={ctx.readOnly}
              onChange={(_e, on) => toggle(code, on)}
            />
          </FlexItem>
        ))}
      </Flex>
    </Group>
  );
}

export function authChoice(check: Json): AuthChoice {
  if (check.ntlmv2 === true) return 'NTLMv2';
  if (check.ntlm === true) return 'NTLM';
  if (check.username !== undefined || check.password !== undefined) return 'Basic';
  return 'None';
}

/** Choosing one sets its flag and clears the others; None also clears the credentials. */
function AuthField({ ctx }: { ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, ['authentication']);
  const choice = authChoice(ctx.check);
  const choose = (next: AuthChoice) => {
    ctx.set(['ntlm'], next === 'NTLM' ? true : undefined);
    ctx.set(['ntlmv2'], next === 'NTLMv2' ? true : undefined);
    if (next === 'None') {
      ctx.set(['username'], undefined);
      ctx.set(['password'], undefined);
    } else if (ctx.check.username === undefined) {
      ctx.set(['username'], { value: '' });
    }
  };
  return (
    <>
      <Group label="Authentication" id={id}>
        <FormSelect
          id={id}
          value={choice}
          isDisabled={ctx.readOnly}
          onChange={(_e, v) => choose(v as AuthChoice)}
        >
          {AUTH_CHOICES.map((c) => (
            <FormSelectOption key={c} value={c} label={c} />
          ))}
        </FormSelect>
      </Group>
      {choice !== 'None' && (
        <>
          <SecretField
            def={{ kind: 'secret', path: ['username'], label: 'Username' }}
            ctx={ctx}
            keepEmpty
          />
          <SecretField def={{ kind: 'secret', path: ['password'], label: 'Password' }} ctx={ctx} />
        </>
      )}
    </>
  );
}

/** The Body section (Text or Go Template) shows only for POST and PUT. */
function MethodField({ ctx }: { ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, ['method']);
  const method = asText(ctx.check.method) || 'GET';
  const hasBody = method === 'POST' || method === 'PUT';
  const methods = (HTTP_METHODS as readonly string[]).includes(method)
    ? HTTP_METHODS
    : [...HTTP_METHODS, method];
  const choose = (next: string) => {
    ctx.set(['method'], next);
    if (next !== 'POST' && next !== 'PUT') {
      ctx.set(['body'], undefined);
      ctx.set(['templateBody'], undefined);
    }
  };
  return (
    <>
      <Group label="Method" id={id}>
        <FormSelect
          id={id}
          value={method}
          isDisabled={ctx.readOnly}
          onChange={(_e, v) => choose(v)}
        >
          {methods.map((m) => (
            <FormSelectOption key={m} value={m} label={m} />
          ))}
        </FormSelect>
      </Group>
      {hasBody && (
        <>
          <Group label="Body" id={`${id}-body-text`} role="radiogroup">
            <Radio
              id={`${id}-body-text`}
              name={`${id}-body-kind`}
              label="Text"
              isChecked={ctx.check.templateBody !== true}
              isDisabled={ctx.readOnly}
              onChange={() => ctx.set(['templateBody'], undefined)}
            />
            <Radio
              id={`${id}-body-template`}
              name={`${id}-body-kind`}
              label="Go Template"
              isChecked={ctx.check.templateBody === true}
              isDisabled={ctx.readOnly}
              onChange={() => ctx.set(['templateBody'], true)}
            />
          </Group>
          <TextField
            def={{ kind: 'textarea', path: ['body'], label: 'Request Body' }}
            ctx={ctx}
            multiline
          />
        </>
      )}
    </>
  );
}

export function scriptChoice(value: unknown): (typeof SCRIPT_CHOICES)[number] {
  const found = isObject(value)
    ? SCRIPT_CHOICES.find((c) => c.key !== undefined && value[c.key] !== undefined)
    : undefined;
  return found ?? SCRIPT_CHOICES[0];
}

/** Test, Display or Transform: a Script selector; changing it clears the previous script. */
function ScriptField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const choice = scriptChoice(getAt(ctx.check, def.path));
  return (
    <>
      <Group label={`${def.label} Script`} id={id}>
        <FormSelect
          id={id}
          value={choice.label}
          isDisabled={ctx.readOnly}
          onChange={(_e, label) => {
            const next = SCRIPT_CHOICES.find((c) => c.label === label);
            if (!next || next.label === choice.label) return;
            ctx.set(def.path, next.key ? { [next.key]: '' } : undefined);
          }}
        >
          {SCRIPT_CHOICES.map((c) => (
            <FormSelectOption key={c.label} value={c.label} label={c.label} />
          ))}
        </FormSelect>
      </Group>
      {choice.key && (
        <TextField
          def={{
            kind: 'textarea',
            path: [...def.path, choice.key],
            label: `${def.label} (${choice.label})`,
          }}
          ctx={{ ...ctx, set: (p, v) => ctx.set(p, v ?? '') }}
          multiline
        />
      )}
    </>
  );
}

export function Field({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
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
    case 'strings':
      return <StringsField def={def} ctx={ctx} />;
    case 'map':
      return <MapField def={def} ctx={ctx} />;
    case 'env':
      return <EnvField def={def} ctx={ctx} />;
    case 'secret':
      return <SecretField def={def} ctx={ctx} />;
    case 'yaml':
      return <YamlField def={def} ctx={ctx} />;
    case 'codes':
      return <ResponseCodesField def={def} ctx={ctx} />;
    case 'auth':
      return <AuthField ctx={ctx} />;
    case 'method':
      return <MethodField ctx={ctx} />;
    case 'script':
      return <ScriptField def={def} ctx={ctx} />;
  }
}
