import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataTableColumn, DataTableProps } from './DataTable';
import { DataTable } from './DataTable';

interface Check {
  id: string;
  name: string;
  team: string;
  latency: number;
}

const columns: DataTableColumn<Check>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, sortable: true },
  { id: 'latency', header: 'Latency', cell: (r) => `${r.latency}ms`, sortable: true },
  { id: 'team', header: 'Team', cell: (r) => r.team },
];

const checks: Check[] = [
  { id: '1', name: 'http-api', team: 'ops', latency: 120 },
  { id: '2', name: 'dns', team: 'dev', latency: 8 },
  { id: '3', name: 'postgres', team: 'ops', latency: 45 },
];

const many: Check[] = Array.from({ length: 1000 }, (_, i) => ({
  id: String(i),
  name: `check-${i}`,
  team: 'ops',
  latency: i,
}));

function renderTable(props: Partial<DataTableProps<Check>> = {}) {
  return render(
    <DataTable
      tableId="checks"
      aria-label="Checks"
      columns={columns}
      rows={checks}
      rowKey={(r) => r.id}
      {...props}
    />,
  );
}

/** First-column text of each drawn data row. */
function firstCells(): string[] {
  const table = screen.getByRole('grid', { name: 'Checks' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent ?? '')
    .filter(Boolean);
}

function scrollTo(top: number) {
  const region = screen.getByRole('region', { name: 'Checks' });
  region.scrollTop = top;
  fireEvent.scroll(region);
  return region;
}

beforeEach(() => sessionStorage.clear());

describe('DataTable', () => {
  it('shows headers and one row per item', () => {
    renderTable();
    expect(screen.getByRole('columnheader', { name: /Team/ })).toBeInTheDocument();
    expect(firstCells()).toEqual(['http-api', 'dns', 'postgres']);
    expect(screen.getByText('120ms')).toBeInTheDocument();
  });

  it('says No data available when empty, or the page text when given', () => {
    const { unmount } = renderTable({ rows: [] });
    expect(screen.getByText('No data available')).toBeInTheDocument();
    unmount();
    renderTable({ rows: [], emptyText: 'There are no incidents matching this criteria' });
    expect(screen.getByText('There are no incidents matching this criteria')).toBeInTheDocument();
  });

  it('shows a skeleton instead of rows while loading', () => {
    renderTable({ isLoading: true });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('http-api')).not.toBeInTheDocument();
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
  });

  it('sorts by a clicked header, then reverses on a second click', async () => {
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Latency' }));
    expect(firstCells()).toEqual(['dns', 'postgres', 'http-api']);
    await userEvent.click(screen.getByRole('button', { name: 'Latency' }));
    expect(firstCells()).toEqual(['http-api', 'postgres', 'dns']);
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(firstCells()).toEqual(['dns', 'http-api', 'postgres']);
    expect(screen.queryByRole('button', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('leaves server-sorted rows alone and reports the requested sort', async () => {
    const onSort = vi.fn();
    renderTable({ manualSort: true, sort: { columnId: 'name', direction: 'asc' }, onSort });
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith({ columnId: 'name', direction: 'desc' });
    expect(firstCells()).toEqual(['http-api', 'dns', 'postgres']);
  });

  it('opens a clicked row', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    await userEvent.click(screen.getByText('dns'));
    expect(onRowClick).toHaveBeenCalledWith(checks[1]);
  });

  it('groups rows under expandable headers with counts, remembered for the session', async () => {
    const { unmount } = renderTable({ groupBy: (r) => r.team });
    const ops = screen.getByRole('button', { name: 'ops 2' });
    expect(ops).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'dev 1' })).toBeInTheDocument();
    expect(screen.queryByText('http-api')).not.toBeInTheDocument();

    await userEvent.click(ops);
    expect(screen.getByText('http-api')).toBeInTheDocument();
    expect(screen.getByText('postgres')).toBeInTheDocument();
    expect(screen.queryByText('dns')).not.toBeInTheDocument();

    unmount();
    renderTable({ groupBy: (r) => r.team });
    expect(screen.getByRole('button', { name: 'ops 2' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('postgres')).toBeInTheDocument();
  });

  it('keeps expanded groups separate per table', async () => {
    const { unmount } = renderTable({ groupBy: (r) => r.team });
    await userEvent.click(screen.getByRole('button', { name: 'ops 2' }));
    unmount();
    renderTable({ groupBy: (r) => r.team, tableId: 'other' });
    expect(screen.getByRole('button', { name: 'ops 2' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('draws only the rows near the view for large lists', () => {
    renderTable({ rows: many, maxHeight: 350 });
    const drawn = firstCells();
    // 10 rows in view (350 / 35) plus 10 overscan below.
    expect(drawn[0]).toBe('check-0');
    expect(drawn).toHaveLength(21);

    scrollTo(35 * 500);
    const after = firstCells();
    expect(after[0]).toBe('check-490');
    expect(after).toContain('check-510');
    expect(after).not.toContain('check-0');
  });

  it('draws every row when virtual scrolling is off', () => {
    renderTable({ rows: many.slice(0, 300), virtualize: false });
    expect(firstCells()).toHaveLength(300);
  });

  it('returns to the remembered scroll position', () => {
    const { unmount } = renderTable({ rows: many, maxHeight: 350 });
    scrollTo(35 * 200);
    unmount();

    renderTable({ rows: many, maxHeight: 350 });
    expect(screen.getByRole('region', { name: 'Checks' }).scrollTop).toBe(7000);
    expect(firstCells()[0]).toBe('check-190');
  });

  it('reports reaching the last row once per row count', () => {
    const onEndReached = vi.fn();
    renderTable({ rows: many.slice(0, 50), maxHeight: 350, onEndReached });
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(35 * 30);
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(35 * 40);
    scrollTo(35 * 40 + 5);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });
});
