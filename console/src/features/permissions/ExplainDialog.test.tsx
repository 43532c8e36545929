import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import type { Explanation } from './explainApi';
import { PermissionsPage } from './PermissionsPage';
import { permissionRoutes, READ } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DENIED: Explanation = {
  person: { id: 'u1', name: 'Grace Hopper', email: 'grace@example.com' },
  object: 'playbooks',
  action: 'run',
  resources: [{ kind: 'config', id: 'c1', name: 'prod-db' }],
  allowed: false,
  decidedBy: 'permission',
  rule: {
    id: 'p9',
    name: 'no-prod-runs',
    description: null,
    action: 'playbook:run',
    deny: true,
    object: null,
    scope: { config: [{ tagSelector: 'env=prod' }] },
  },
  matching: [
    {
      id: 'p9',
      name: 'no-prod-runs',
      description: null,
      action: 'playbook:run',
      deny: true,
      object: null,
      scope: null,
    },
    {
      id: 'p2',
      name: null,
      description: 'SRE runs playbooks',
      action: 'playbook:run',
      deny: false,
      object: 'playbooks',
      scope: null,
    },
  ],
  roles: ['editor'],
  grantingRoles: ['editor'],
  reason:
    "run on playbooks is denied by Permission 'no-prod-runs' (a deny wins over the allow of Permission 'SRE runs playbooks' and role editor)",
  denial: "permission denied: run on playbooks is denied by Permission 'no-prod-runs'",
};

const open = () =>
  renderPage(<PermissionsPage />, { path: '/settings/permissions', session: true });

describe('Explain access', () => {
  it('is offered to readers of permissions, and explains a decision with its rule', async () => {
    const api = mockApi(
      permissionRoutes(READ, {
        'GET /api/db/people': { body: [{ id: 'u1', name: 'Grace Hopper', email: 'g@x' }] },
        'GET /api/db/config_items': { body: [{ id: 'c1', name: 'prod-db', type: 'AWS::RDS' }] },
        'GET /api/rbac/explain': { body: DENIED },
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Explain' }));
    const dialog = screen.getByRole('dialog', { name: 'Explain access' });
    // The signed-in person is asked about first; pick someone else.
    const person = within(dialog).getByRole('combobox', { name: 'Person' });
    expect(person).toHaveValue('Ada Admin');
    await userEvent.clear(person);
    await userEvent.type(person, 'Grace');
    await userEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Action'), 'run');
    await userEvent.selectOptions(within(dialog).getByLabelText('Object'), 'playbooks');
    await userEvent.selectOptions(within(dialog).getByLabelText('Resource kind'), 'config');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Resource' }));
    await userEvent.click(await screen.findByRole('option', { name: /prod-db/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Explain' }));

    const result = await within(dialog).findByTestId('explain-result');
    expect(result).toHaveTextContent(`Denied: ${DENIED.reason}`);
    expect(result).toHaveTextContent("Decided byPermission 'no-prod-runs' (deny)");
    expect(result).toHaveTextContent("'SRE runs playbooks' (playbook:run)");
    expect(result).toHaveTextContent('A deny wins over any allow.');
    expect(result).toHaveTextContent(`403 ${DENIED.denial}`);
    const query = api.callsTo('GET /api/rbac/explain')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      person_id: 'u1',
      action: 'run',
      object: 'playbooks',
      config_id: 'c1',
    });
  }, 20_000);

  it('needs an object or a resource, and shows the server message on failure', async () => {
    const api = mockApi(
      permissionRoutes(READ, {
        'GET /api/rbac/explain': {
          status: 403,
          body: { message: 'permission denied: read on rbac is not granted to roles viewer' },
        },
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Explain' }));
    const dialog = screen.getByRole('dialog', { name: 'Explain access' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Explain' }));
    expect(within(dialog).getByText('Choose an object or a resource')).toBeInTheDocument();
    expect(api.callsTo('GET /api/rbac/explain')).toHaveLength(0);
    await userEvent.selectOptions(within(dialog).getByLabelText('Object'), 'rbac');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Explain' }));
    expect(
      await within(dialog).findByText(
        'permission denied: read on rbac is not granted to roles viewer',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /api/rbac/explain')[0]?.url.searchParams.get('person_id')).toBe('me-1');
  });
});
