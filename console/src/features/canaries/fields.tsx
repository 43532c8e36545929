import {
  Button,
  Checkbox,
  Flex,
  FlexItem,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Radio,
  TextInput,
} from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import {
  BasicField,
  FieldGroup as Group,
  TextField,
  asText,
  fieldId,
  type FieldContext,
} from '../../components/SpecForm/fields';
import { getAt, isObject, type Json } from '../../lib/jsonDoc';
import {
  AUTH_CHOICES,
  HTTP_METHODS,
  RESPONSE_CODES,
  SCRIPT_CHOICES,
  type AuthChoice,
  type FieldDef,
} from './checkTypes';

/**
 * The health check form's own fields (EnvVars, the HTTP selectors of spec 001 "Selectors");
 * every other kind is a shared spec-editor field. Paths are relative to one check.
 */

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

/** A list of EnvVar (headers, env): name plus a value or a reference shown as such. */
function EnvField({ def, ctx }: { def: FieldDef; ctx: FieldContext }) {
  const id = fieldId(ctx.idPrefix, def.path);
  const raw = getAt(ctx.node, def.path);
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
  const { text, from } = envValue(getAt(ctx.node, def.path));
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
  const raw = getAt(ctx.node, def.path);
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
  const choice = authChoice(ctx.node);
  const choose = (next: AuthChoice) => {
    ctx.set(['ntlm'], next === 'NTLM' ? true : undefined);
    ctx.set(['ntlmv2'], next === 'NTLMv2' ? true : undefined);
    if (next === 'None') {
      ctx.set(['username'], undefined);
      ctx.set(['password'], undefined);
    } else if (ctx.node.username === undefined) {
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
  const method = asText(ctx.node.method) || 'GET';
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
              isChecked={ctx.node.templateBody !== true}
              isDisabled={ctx.readOnly}
              onChange={() => ctx.set(['templateBody'], undefined)}
            />
            <Radio
              id={`${id}-body-template`}
              name={`${id}-body-kind`}
              label="Go Template"
              isChecked={ctx.node.templateBody === true}
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
  const choice = scriptChoice(getAt(ctx.node, def.path));
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
    case 'env':
      return <EnvField def={def} ctx={ctx} />;
    case 'secret':
      return <SecretField def={def} ctx={ctx} />;
    case 'codes':
      return <ResponseCodesField def={def} ctx={ctx} />;
    case 'auth':
      return <AuthField ctx={ctx} />;
    case 'method':
      return <MethodField ctx={ctx} />;
    case 'script':
      return <ScriptField def={def} ctx={ctx} />;
    default:
      return <BasicField def={{ ...def, kind: def.kind }} ctx={ctx} />;
  }
}
