import { describe, expect, it } from 'vitest';
import {
  EMPTY_PERMISSION,
  GLOBAL_OBJECTS,
  PERMISSION_ACTIONS,
  fromRow,
  toPayload,
  validatePermission,
  withResourceKind,
  withSubjectKind,
  type PermissionRow,
} from './model';

const row: PermissionRow = {
  id: 'p1',
  action: 'read',
  deny: true,
  description: 'no prod',
  object: null,
  config_id: 'c1',
  component_id: null,
  canary_id: null,
  playbook_id: null,
  connection_id: null,
  person_id: 'u1',
  team_id: null,
  until: null,
  source: 'UI',
  created_at: '2025-01-01T00:00:00Z',
  created_by: 'me',
  catalog: { id: 'c1', name: 'prod-db', type: 'AWS::RDS', config_class: 'Database' },
  person: { id: 'u1', name: 'Grace Hopper', avatar: null },
};

describe('permission model', () => {
  it('lists the global objects and actions of the spec', () => {
    expect(GLOBAL_OBJECTS).toHaveLength(18);
    expect(PERMISSION_ACTIONS.map((a) => a.value)).toEqual([
      'read',
      'update',
      'create',
      'delete',
      '*',
      'create,read,update,delete',
      'run',
      'approve',
    ]);
  });

  it('reads a row into the form', () => {
    expect(fromRow(row)).toMatchObject({
      id: 'p1',
      resourceKind: 'config',
      resource: { id: 'c1', label: 'prod-db' },
      subjectKind: 'person',
      subject: { id: 'u1', label: 'Grace Hopper' },
      deny: true,
      description: 'no prod',
      until: '',
    });
  });

  it('writes every id column, nulling the others', () => {
    const values = { ...fromRow(row), until: '' };
    expect(toPayload(values)).toEqual({
      object: null,
      config_id: 'c1',
      component_id: null,
      canary_id: null,
      playbook_id: null,
      connection_id: null,
      team_id: null,
      person_id: 'u1',
      action: 'read',
      deny: true,
      description: 'no prod',
      until: null,
    });
  });

  it('clears the resource when its kind changes and the subject when its kind changes', () => {
    const values = fromRow(row);
    const switched = withResourceKind(values, 'playbook');
    expect(switched.resource).toBeUndefined();
    expect(switched.object).toBe('');
    expect(toPayload({ ...switched, resource: { id: 'pb', label: 'x' } })).toMatchObject({
      config_id: null,
      playbook_id: 'pb',
    });
    expect(withSubjectKind(values, 'team').subject).toBeUndefined();
  });

  it('sends a global object and an end time', () => {
    const payload = toPayload({
      ...EMPTY_PERMISSION,
      object: 'catalog',
      subject: { id: 't1', label: 'SRE' },
      action: '*',
      until: '2030-01-02T03:04',
    });
    expect(payload).toMatchObject({ object: 'catalog', team_id: 't1', config_id: null });
    expect(payload.until).toBe(new Date('2030-01-02T03:04').toISOString());
  });

  it('requires a resource, a subject and an action', () => {
    expect(validatePermission(EMPTY_PERMISSION)).toEqual({
      resource: 'Please select a resource',
      subject: 'Please select a team or a person',
      action: 'Please select an action',
    });
    expect(validatePermission(withResourceKind(EMPTY_PERMISSION, 'component')).resource).toBe(
      'Please select a resource',
    );
    expect(validatePermission(fromRow(row))).toEqual({});
  });
});
