import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadRecentRanges, rememberRecentRange } from '../../lib/recentTimeRanges';
import type { TimeRange } from '../../lib/timeRange';
import { TimeRangePicker } from './TimeRangePicker';

function Harness({
  initial,
  onChange,
}: {
  initial?: TimeRange;
  onChange?: (r?: TimeRange) => void;
}) {
  const [value, setValue] = useState<TimeRange | undefined>(initial);
  return (
    <TimeRangePicker
      value={value}
      onChange={(range) => {
        setValue(range);
        onChange?.(range);
      }}
    />
  );
}

async function openPicker(name: RegExp | string = /./) {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Time range' });
}

async function expectClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('TimeRangePicker', () => {
  it('asks for a range when none is selected', () => {
    render(<Harness />);
    expect(screen.getByRole('button')).toHaveTextContent('Please select time range');
  });

  it('chooses a quick range and closes', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const dialog = await openPicker();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Last 2 days' }));
    expect(onChange).toHaveBeenCalledWith({
      type: 'relative',
      range: 'now-2d',
      display: 'Last 2 days',
    });
    await expectClosed();
    expect(screen.getByRole('button', { name: /Last 2 days/ })).toBeInTheDocument();
  });

  it('offers Yesterday, This week so far and future ranges', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const dialog = await openPicker();
    expect(within(dialog).getByRole('button', { name: 'Next 5 years' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'This week so far' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yesterday' }));
    expect(onChange).toHaveBeenCalledWith({
      type: 'mapped',
      name: 'yesterday',
      display: 'Yesterday',
    });
  });

  it('keeps Submit disabled until both From and To are set', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const dialog = await openPicker();
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('From'), '2024-03-01T10:00');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('To'), '2024-03-02T10:00');
    expect(submit).toBeEnabled();

    await userEvent.click(submit);
    expect(onChange).toHaveBeenCalledWith({
      type: 'absolute',
      from: new Date(2024, 2, 1, 10).toISOString(),
      to: new Date(2024, 2, 2, 10).toISOString(),
      display: 'Custom',
    });
    expect(screen.getByRole('button', { name: /Custom/ })).toBeInTheDocument();
    expect(loadRecentRanges()).toHaveLength(1);
    await expectClosed();
  });

  it('lists the recent absolute ranges and reuses one on click', async () => {
    for (let day = 1; day <= 6; day++) {
      rememberRecentRange({
        type: 'absolute',
        from: new Date(2024, 0, day, 8).toISOString(),
        to: new Date(2024, 0, day, 9).toISOString(),
        display: 'Custom',
      });
    }
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const dialog = await openPicker();
    const recent = within(dialog).getByRole('region', { name: 'Recent absolute ranges' });
    const items = within(recent).getAllByRole('button');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('2024-01-06 08:00 to 2024-01-06 09:00');
    await userEvent.click(items[2] as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ type: 'absolute' }));
    await expectClosed();
  });

  it('clears the range', async () => {
    const onChange = vi.fn();
    render(
      <Harness
        initial={{ type: 'relative', range: 'now-1h', display: 'Last 1 hour' }}
        onChange={onChange}
      />,
    );
    const dialog = await openPicker(/Last 1 hour/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
    expect(screen.getByRole('button', { name: /Please select time range/ })).toBeInTheDocument();
    await expectClosed();
  });
});
