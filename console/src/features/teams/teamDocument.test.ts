import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../../lib/formRules';
import {
  makeResourceDoc,
  rowOfDoc,
  validateResource,
  yamlToDoc,
} from '../settings/resourceDocument';
import { channelKind, connectionRef, switchChannel, validateTeam } from './teamDocument';

const team = (spec: Record<string, unknown>) => makeResourceDoc({ name: 'SRE', spec }, ['icon']);

describe('team notification channels', () => {
  it('needs the connection or the URL of each channel', () => {
    expect(
      validateTeam(
        team({ notifications: [{ connection: '' }, { url: 'slack://t@c' }, { url: ' ' }] }),
      ),
    ).toEqual({
      'spec.notifications.0.connection': REQUIRED,
      'spec.notifications.2.url': REQUIRED,
    });
    expect(validateTeam(team({}))).toEqual({});
  });

  it('tells a URL from a connection and switches between them keeping other keys', () => {
    expect(channelKind({ url: 'x' })).toBe('url');
    expect(channelKind({ connection: 'x' })).toBe('connection');
    expect(channelKind({})).toBe('connection');
    expect(switchChannel({ connection: 'c', properties: { a: '1' } }, 'url')).toEqual({
      url: '',
      properties: { a: '1' },
    });
  });

  it('refers to a chosen connection as the notification engine looks it up', () => {
    expect(connectionRef('ops', 'slack')).toBe('connection://ops/slack');
    expect(connectionRef(null, 'slack')).toBe('connection://default/slack');
  });
});

describe('a team as a settings resource', () => {
  it('keeps only its columns: name, icon and spec', () => {
    const doc = makeResourceDoc(
      { name: 'SRE', icon: 'team', namespace: 'x', labels: { a: 'b' }, spec: { x: 1 } },
      ['icon'],
    );
    expect(doc).toEqual({ name: 'SRE', icon: 'team', spec: { x: 1 } });
    expect(rowOfDoc({ ...doc, name: ' SRE ', icon: '' }, ['icon'])).toEqual({
      name: 'SRE',
      icon: null,
      spec: { x: 1 },
    });
  });

  it('reads the Code tab, ignoring what is not a document', () => {
    expect(yamlToDoc('name: SRE\nspec:\n  notifications: []\n', ['icon'])).toEqual({
      name: 'SRE',
      spec: { notifications: [] },
    });
    expect(yamlToDoc('- a list', ['icon'])).toBeUndefined();
    expect(yamlToDoc('name: [', ['icon'])).toBeUndefined();
  });

  it('needs a name, and a namespace where the table has one', () => {
    expect(validateResource(team({}))).toEqual({});
    expect(validateResource({ name: ' ', namespace: '', spec: {} })).toEqual({
      name: REQUIRED,
      namespace: REQUIRED,
    });
    expect(makeResourceDoc({}, ['namespace']).namespace).toBe('default');
  });
});
