import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { WRITE, detailRoutes } from './testData';
import { detailHeading, openDetail } from './testPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('add-evidence wizard', () => {
  it('takes three steps and adds a comment evidence to the hypothesis', async () => {
    const api = mockApi(detailRoutes(WRITE));
    openDetail();
    await detailHeading();
    await userEvent.click(screen.getByRole('tab', { name: 'Action Plan' }));
    const solution = await screen.findByRole('region', { name: 'Solution: Roll back to 1.4.1' });
    await userEvent.click(within(solution).getByRole('button', { name: /^Add evidence to / }));
    const dialog = screen.getByRole('dialog', { name: 'Add evidence' });
    expect(dialog).toHaveTextContent('Step 1 of 3: Evidence type');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(dialog).toHaveTextContent('Step 2 of 3: Details');
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Comment/ }),
      'Rollback tested',
    );
    await userEvent.click(next);
    expect(dialog).toHaveTextContent('Step 3 of 3: Review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('POST /api/db/evidences')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/evidences')[0]?.body).toEqual({
      id: expect.any(String),
      created_by: 'me-1',
      definition_of_done: false,
      hypothesis_id: 'h-solution',
      type: 'comment',
      description: 'Rollback tested',
      evidence: { comment: 'Rollback tested' },
    });
  });
});
