import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageHeaderProvider } from '../../app/pageHeader';
import { routes } from '../../app/routes';
import { mockApi, type MockRoutes } from '../../test/mockApi';
import { WRITER, notificationRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(url: string, extra: MockRoutes = {}) {
  mockApi(notificationRoutes(WRITER, extra));
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PageHeaderProvider>
        <RouterProvider router={router} />
      </PageHeaderProvider>
    </SWRConfig>,
  );
  return router;
}

describe('notification routes', () => {
  it('serves the history, rules, silences and the add form in the shell, with tabs between them', async () => {
    const router = open('/notifications');
    expect(await screen.findByRole('grid', { name: 'Notification history' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Rules' }));
    expect(await screen.findByRole('grid', { name: 'Notification rules' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications/rules');
    await userEvent.click(screen.getByRole('tab', { name: 'Silences' }));
    expect(await screen.findByRole('grid', { name: 'Notification silences' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Add Silence' }));
    expect(
      await screen.findByRole('form', { name: 'Add notification silence' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications/silences/add');
  });

  it('says notifications are turned off when they are switched off', async () => {
    open('/notifications/rules', {
      'GET /api/properties': { body: [{ name: 'settings.notifications.disable', value: 'true' }] },
    });
    expect(
      await screen.findByRole('heading', { name: 'Notifications is turned off' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('settings.notifications.disable')).not.toHaveLength(0);
  });
});
