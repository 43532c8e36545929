import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockResponse, type MockRoutes } from '../../test/mockApi';
import { INCIDENT_ID, WRITE, deferred, detailRoutes, makeIncident } from './testData';
import { detailHeading, openDetail } from './testPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(extra: MockRoutes = {}, query = '') {
  const api = mockApi(detailRoutes(WRITE, extra));
  openDetail(query);
  await detailHeading();
  const box = screen.getByRole('textbox', { name: 'Comment' });
  return { api, box, submit: screen.getByRole('button', { name: 'Comment' }) };
}

describe('comments', () => {
  it('shows stored mentions as @Name', async () => {
    await open();
    const mention = screen.getByText('@Grace Hopper');
    expect(mention).toHaveAttribute('data-user-id', 'p-grace');
    expect(mention.closest('li')).toHaveTextContent('Looking at it @Grace Hopper');
  });

  it("suggests people after '@' and sends the mention as @[display](user:id)", async () => {
    const { api, box, submit } = await open();
    await userEvent.type(box, 'cc @gr');
    const menu = screen.getByRole('menu', { name: 'Mention suggestions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Grace Hopper']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Grace Hopper' }));
    expect(box).toHaveValue('cc @Grace Hopper ');
    expect(screen.queryByRole('menu', { name: 'Mention suggestions' })).not.toBeInTheDocument();
    await userEvent.type(box, 'please look');
    await userEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST /api/db/comments')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/comments')[0]?.body).toEqual({
      created_by: 'me-1',
      incident_id: INCIDENT_ID,
      hypothesis_id: 'h-root',
      comment: 'cc @[Grace Hopper](user:p-grace) please look',
    });
  });

  it('picks a suggestion with the keyboard', async () => {
    const { api, box, submit } = await open();
    await userEvent.type(box, '@a');
    // 'a' matches Ada Admin, Alan Turing and Grace Hopper: the second is Alan.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('@Alan Turing ');
    await userEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST /api/db/comments')).toHaveLength(1));
    expect((api.callsTo('POST /api/db/comments')[0]?.body as { comment: string }).comment).toBe(
      '@[Alan Turing](user:p-alan) ',
    );
  });

  it('sends to the chosen hypothesis', async () => {
    const { api, box, submit } = await open();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Hypothesis' }),
      'h-solution',
    );
    await userEvent.type(box, 'done');
    await userEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST /api/db/comments')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/comments')[0]?.body).toMatchObject({
      hypothesis_id: 'h-solution',
      comment: 'done',
    });
  });

  it('is disabled while empty and asks for details when only blank', async () => {
    const { api, box, submit } = await open();
    expect(submit).toBeDisabled();
    await userEvent.type(box, '   ');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(screen.getByText('Please add comment details')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/comments')).toHaveLength(0);
  });

  it('comments on the incident itself when it has no hypothesis', async () => {
    const { api, box, submit } = await open({
      'GET /api/db/incidents': { body: [makeIncident({ hypotheses: [] })] },
      'POST /api/db/comments': { status: 201 },
    });
    expect(screen.getByRole('combobox', { name: 'Hypothesis' })).toHaveValue('__incident__');
    await userEvent.type(box, 'hello');
    await userEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST /api/db/comments')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/comments')[0]?.body).toMatchObject({
      hypothesis_id: null,
      comment: 'hello',
    });
  });

  it("shows the incident's own comments, left on no hypothesis, first", async () => {
    await open({
      'GET /api/db/incidents': {
        body: [
          makeIncident({
            comments: [
              {
                id: 'c-own',
                comment: 'paged the DBA team',
                hypothesis_id: null,
                created_at: '2026-11-20T10:00:00Z',
                external_created_by: 'pagerduty',
              },
            ],
          }),
        ],
      },
    });
    expect(screen.getByRole('button', { name: 'On the incident (1)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText('paged the DBA team')).toBeInTheDocument();
    expect(screen.getByText('pagerduty')).toBeInTheDocument();
  });

  it('shows the comment at once and disables Comment while sending', async () => {
    const answer = deferred<MockResponse>();
    const { box, submit } = await open({ 'POST /api/db/comments': () => answer.promise });
    await userEvent.type(box, 'on it');
    await userEvent.click(submit);
    const pending = await screen.findByText('on it');
    expect(pending.closest('li')).toHaveAttribute('data-pending', 'true');
    expect(box).toHaveValue('');
    expect(submit).toBeDisabled();
    answer.resolve({ status: 201 });
    await waitFor(() => expect(screen.queryByText('on it')?.closest('li') ?? null).toBeNull());
  });

  it('rolls the comment back with the server message when sending fails', async () => {
    const answer = deferred<MockResponse>();
    const { api, box } = await open({ 'POST /api/db/comments': () => answer.promise });
    await userEvent.type(box, 'lost words');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('lost words')).toBeInTheDocument();
    answer.resolve({
      status: 403,
      body: { message: 'permission denied for comments', code: '42501' },
    });
    expect(await screen.findByText('permission denied for comments')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('lost words', { selector: 'li span' })).not.toBeInTheDocument(),
    );
    expect(box).toHaveValue('lost words');
    expect(api.callsTo('POST /api/db/comments')).toHaveLength(1);
  });
});

describe('?comments=true', () => {
  const toggles = () =>
    screen
      .getAllByRole('button', { expanded: true })
      .map((b) => b.textContent)
      .filter((t) => t?.match(/\(\d+\)$/));

  it('expands every hypothesis comment list', async () => {
    await open({}, '?comments=true');
    expect(toggles()).toEqual([
      'On the incident (0)',
      'Bad deploy of payments-api (1)',
      'Connection pool exhausted (0)',
      'Roll back to 1.4.1 (0)',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Action Plan' }));
    await screen.findByRole('region', { name: /^Root cause/ });
    expect(
      screen.getAllByRole('button', { name: /^Comments \(\d+\)$/, expanded: true }),
    ).toHaveLength(3);
  });

  it('otherwise opens only the first', async () => {
    await open();
    expect(toggles()).toEqual(['Bad deploy of payments-api (1)']);
  });
});
