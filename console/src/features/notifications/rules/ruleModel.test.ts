import { describe, expect, it } from 'vitest';
import { ruleRecord } from '../testData';
import {
  EMPTY_RULE,
  EVENTS_REQUIRED,
  PROPERTIES_NOT_OBJECT,
  RECIPIENT_REQUIRED,
  fromRecord,
  isUiRule,
  toPayload,
  validateRule,
  withOthersKind,
  withRecipientKind,
} from './ruleModel';

const valid = { ...EMPTY_RULE, events: ['check.failed'], personId: 'p-1' };

describe('notification rule form', () => {
  it('needs events and exactly one recipient', () => {
    expect(validateRule(EMPTY_RULE)).toEqual({
      events: EVENTS_REQUIRED,
      recipient: RECIPIENT_REQUIRED,
    });
    expect(validateRule(valid)).toEqual({});
    expect(validateRule({ ...valid, teamId: 't-1' })).toEqual({ recipient: RECIPIENT_REQUIRED });
    expect(validateRule({ ...valid, personId: '', url: 'slack://x' })).toEqual({});
  });

  it('reads properties as a JSON object', () => {
    expect(validateRule({ ...valid, properties: '{"a": "b"}' })).toEqual({});
    expect(validateRule({ ...valid, properties: '   ' })).toEqual({});
    expect(validateRule({ ...valid, properties: '[1]' }).properties).toBe(PROPERTIES_NOT_OBJECT);
    expect(validateRule({ ...valid, properties: '{a}' }).properties).toMatch(
      /^Properties are not valid JSON: /,
    );
  });

  it('choosing a recipient kind clears the others', () => {
    const both = { ...valid, teamId: 't-1', connection: 'connection://default/slack' };
    expect(withRecipientKind(both, 'team')).toMatchObject({
      recipientKind: 'team',
      personId: '',
      teamId: 't-1',
      connection: '',
      url: '',
    });
    const others = withRecipientKind({ ...both, url: 'x' }, 'others');
    expect(others).toMatchObject({ personId: '', teamId: '' });
    expect(withOthersKind(others, 'url')).toMatchObject({ connection: '', url: 'x' });
  });

  it('writes unused recipients, template and properties as null', () => {
    expect(toPayload({ ...valid, title: '  ', filter: '' })).toEqual({
      title: null,
      events: ['check.failed'],
      filter: null,
      person_id: 'p-1',
      team_id: null,
      custom_services: null,
      repeat_interval: null,
      template: null,
      properties: null,
    });
    expect(
      toPayload({
        ...valid,
        personId: '',
        connection: 'connection://default/slack',
        templateKind: 'custom',
        template: '# hi',
        repeatInterval: '1d',
        properties: '{"k":"v"}',
      }),
    ).toMatchObject({
      person_id: null,
      custom_services: [{ name: 'to', connection: 'connection://default/slack' }],
      template: '# hi',
      repeat_interval: '1d',
      properties: { k: 'v' },
    });
  });

  it('reads a stored rule back, keeping what else its custom service held', () => {
    const values = fromRecord(
      ruleRecord({
        id: 'r-1',
        custom_services: [{ name: 'ops', url: 'ntfy://ntfy.sh/ops', properties: { p: 1 } }],
        properties: { a: 'b' },
      }),
    );
    expect(values).toMatchObject({
      recipientKind: 'others',
      othersKind: 'url',
      url: 'ntfy://ntfy.sh/ops',
      templateKind: 'default',
      properties: '{\n  "a": "b"\n}',
    });
    expect(toPayload({ ...values, url: 'ntfy://ntfy.sh/ops2' }).custom_services).toEqual([
      { name: 'ops', url: 'ntfy://ntfy.sh/ops2', properties: { p: 1 } },
    ]);
  });

  it('edits only rules made in the console', () => {
    expect(isUiRule('UI')).toBe(true);
    expect(isUiRule(null)).toBe(true);
    expect(isUiRule('KubernetesCRD')).toBe(false);
  });
});
