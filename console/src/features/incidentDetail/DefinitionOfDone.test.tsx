import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes } from '../../test/mockApi';
import { defaultScript } from './DefinitionOfDone';
import type { Evidence } from './model';
import { WRITE, detailRoutes } from './testData';
import { detailHeading, openDetail } from './testPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(extra: MockRoutes = {}) {
  const api = mockApi(detailRoutes(WRITE, extra));
  openDetail();
  await detailHeading();
  return api;
}

async function wizard(mode: 'Automatic' | 'Manual') {
  await userEvent.click(screen.getByRole('button', { name: 'Add definition of done' }));
  const dialog = screen.getByRole('dialog', { name: 'Add definition of done' });
  await userEvent.click(within(dialog).getByRole('radio', { name: new RegExp(mode) }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  return dialog;
}

describe('Definition of done section', () => {
  it('lists the evidence flagged definition_of_done', async () => {
    await open();
    const list = screen.getByRole('list', { name: 'Definition of done' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Error rate below 1%');
    expect(list).toHaveTextContent('Not done');
  });

  it('marks a comment item resolved after confirmation', async () => {
    const api = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as resolved' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as resolved' });
    expect(api.callsTo('PATCH /api/db/evidences')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as resolved' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/evidences')).toHaveLength(1));
    const [patch] = api.callsTo('PATCH /api/db/evidences');
    expect(patch?.url.searchParams.get('id')).toBe('eq.e-dod');
    expect(patch?.body).toEqual({ done: true });
  });

  it('removes an item, toasting a failure', async () => {
    const api = await open({ 'PATCH /api/db/evidences': { status: 500, body: { message: 'x' } } });
    const list = screen.getByRole('list', { name: 'Definition of done' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Removing evidence from definition of done failed'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/db/evidences')[0]?.body).toEqual({ definition_of_done: false });
  });
});

describe('definition-of-done wizard', () => {
  it('Automatic: Next needs evidence, the check default script is offered and sent', async () => {
    const api = await open();
    const dialog = await wizard('Automatic');
    expect(
      within(dialog).getByText('Select item to be used for the definition of done'),
    ).toBeInTheDocument();
    // The item already in the definition of done is not offered.
    expect(within(dialog).queryByLabelText('Error rate below 1%')).not.toBeInTheDocument();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('api-health failing'));
    expect(next).toBeEnabled();
    await userEvent.click(next);
    const script = within(dialog).getByRole('textbox', { name: 'Script (Optional)' });
    expect(script).toHaveValue("check.status == 'healthy' && check.age > duration('5m')");
    expect(
      within(dialog).getByRole('button', { name: 'check healthy and age over 5m' }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/evidences')).toHaveLength(1));
    const [patch] = api.callsTo('PATCH /api/db/evidences');
    expect(patch?.url.searchParams.get('id')).toBe('eq.e-check');
    expect(patch?.body).toEqual({
      definition_of_done: true,
      script: "check.status == 'healthy' && check.age > duration('5m')",
    });
  });

  it('Automatic: the topology shortcut fills the script; an empty script is left out', async () => {
    const api = await open();
    const dialog = await wizard('Automatic');
    await userEvent.click(within(dialog).getByLabelText('payments-api pod'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const script = within(dialog).getByRole('textbox', { name: 'Script (Optional)' });
    expect(script).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Component is healthy' }));
    expect(script).toHaveValue("status == 'healthy'");
    await userEvent.clear(script);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/evidences')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/db/evidences')[0]?.body).toEqual({ definition_of_done: true });
  });

  it('Manual: Add needs text and creates a comment evidence in the definition of done', async () => {
    const api = await open();
    const dialog = await wizard('Manual');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Definition of done/ }),
      'Customers confirm',
    );
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() => expect(api.callsTo('POST /api/db/evidences')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/evidences')[0]?.body).toEqual({
      id: expect.any(String),
      created_by: 'me-1',
      hypothesis_id: 'h-root',
      type: 'comment',
      description: 'Customers confirm',
      evidence: { comment: 'Customers confirm' },
      definition_of_done: true,
    });
  });
});

describe('default scripts', () => {
  const e = (type: string) => ({ id: type, type, description: '', hypothesis_id: 'h' }) as Evidence;
  it('applies only when every selected evidence shares a type that has one', () => {
    expect(defaultScript([e('config_analysis')])).toBe("analysis.status == 'resolved'");
    expect(defaultScript([e('check'), e('check')])).toContain("check.status == 'healthy'");
    expect(defaultScript([e('check'), e('log')])).toBeUndefined();
    expect(defaultScript([e('log')])).toBeUndefined();
  });
});
