import { describe, expect, it } from 'vitest';
import { silenceRow } from '../testData';
import {
  DURATION_REQUIRED,
  RESOURCE_REQUIRED,
  UNTIL_BEFORE_FROM,
  fromSilenceRecord,
  silenceFromParams,
  silenceState,
  toSilencePatch,
  toSilenceRequest,
  validateSilence,
  withKind,
} from './silenceModel';

const params = (query: string) => new URLSearchParams(query);

describe('silence form', () => {
  it('takes the resource from the link that opened it', () => {
    expect(silenceFromParams(params('check_id=chk-1'))).toMatchObject({
      kind: 'check',
      resourceId: 'chk-1',
    });
    expect(silenceFromParams(params('config_id=cfg-1'))).toMatchObject({ kind: 'config' });
    expect(silenceFromParams(params('component_id=c-1'))).toMatchObject({ kind: 'component' });
    expect(silenceFromParams(params('canary_id=can-1'))).toMatchObject({ kind: 'canary' });
    expect(silenceFromParams(params(''))).toMatchObject({ kind: 'config', resourceId: '' });
  });

  it('needs a resource and a duration; a custom one must end after it starts', () => {
    const blank = silenceFromParams(params(''));
    expect(validateSilence(blank)).toEqual({
      resource: RESOURCE_REQUIRED,
      duration: DURATION_REQUIRED,
    });
    const custom = { ...blank, resourceId: 'x', duration: 'custom' };
    expect(
      validateSilence({ ...custom, from: '2026-11-20T10:00', until: '2026-11-20T09:00' }),
    ).toEqual({ until: UNTIL_BEFORE_FROM });
    expect(
      validateSilence({ ...custom, from: '2026-11-20T10:00', until: '2026-11-20T12:00' }),
    ).toEqual({});
  });

  it('switching the kind of resource clears the one chosen', () => {
    const chosen = { ...silenceFromParams(params('check_id=chk-1')) };
    expect(withKind(chosen, 'config')).toMatchObject({ kind: 'config', resourceId: '' });
    expect(withKind(chosen, 'check')).toBe(chosen);
  });

  it('asks the server for a relative silence in date math, a custom one in RFC 3339', () => {
    const values = {
      ...silenceFromParams(params('config_id=cfg-1')),
      duration: '6h',
      description: ' rollout ',
      recursive: true,
    };
    expect(toSilenceRequest(values)).toEqual({
      config_id: 'cfg-1',
      from: 'now',
      until: 'now+6h',
      description: 'rollout',
      recursive: true,
    });
    const custom = toSilenceRequest({
      ...values,
      duration: 'custom',
      from: '2026-11-20T10:00',
      until: '2026-11-20T12:30',
      filter: 'check.type == "http"',
    });
    expect(custom.from).toBe(new Date('2026-11-20T10:00').toISOString());
    expect(custom.until).toBe(new Date('2026-11-20T12:30').toISOString());
    expect(custom.filter).toBe('check.type == "http"');
  });

  it('patches moments and every resource column', () => {
    const now = new Date('2026-11-20T10:00:00Z');
    const patch = toSilencePatch(
      { ...silenceFromParams(params('component_id=c-1')), duration: '1d' },
      now,
    );
    expect(patch).toEqual({
      config_id: null,
      component_id: 'c-1',
      check_id: null,
      canary_id: null,
      from: '2026-11-20T10:00:00.000Z',
      until: '2026-11-21T10:00:00.000Z',
      description: null,
      recursive: false,
      filter: null,
    });
  });

  it('reads a stored silence back as a custom range', () => {
    const row = silenceRow({ id: 's-1', check_id: 'chk-1', description: 'deploy' });
    expect(fromSilenceRecord(row)).toMatchObject({
      id: 's-1',
      kind: 'check',
      resourceId: 'chk-1',
      duration: 'custom',
      description: 'deploy',
    });
  });

  it('tells active, expired and scheduled silences apart', () => {
    const now = new Date('2026-11-20T10:00:00Z');
    const at = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
    expect(silenceState({ from: at(-1), until: at(1) }, now)).toBe('active');
    expect(silenceState({ from: at(-2), until: at(-1) }, now)).toBe('expired');
    expect(silenceState({ from: at(1), until: at(2) }, now)).toBe('scheduled');
  });
});
