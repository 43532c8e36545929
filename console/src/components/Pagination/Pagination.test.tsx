import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaginationProps } from './Pagination';
import { Pagination } from './Pagination';

function setup(props: Partial<PaginationProps> = {}) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <Pagination
      page={3}
      pageSize={50}
      totalRows={240}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      {...props}
    />,
  );
  return { onPageChange, onPageSizeChange };
}

describe('Pagination', () => {
  it('shows Page X of Y', () => {
    setup();
    expect(screen.getByText('Page 3 of 5')).toBeInTheDocument();
  });

  it('moves to the first, previous, next and last pages', async () => {
    const { onPageChange } = setup();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    expect(onPageChange.mock.calls.map(([p]) => p)).toEqual([1, 2, 4, 5]);
  });

  it('disables going back on the first page and forward on the last', () => {
    setup({ page: 1, totalRows: 10 });
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('goes to a typed page, bounded by 1 and the page count', async () => {
    const { onPageChange } = setup();
    const box = screen.getByRole('spinbutton', { name: 'Go to page' });
    expect(box).toHaveAttribute('min', '1');
    expect(box).toHaveAttribute('max', '5');

    await userEvent.clear(box);
    await userEvent.type(box, '4{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(4);

    await userEvent.clear(box);
    await userEvent.type(box, '99{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    expect(box).toHaveValue(5);

    await userEvent.clear(box);
    await userEvent.type(box, '0{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('offers exactly the spec page sizes', async () => {
    const { onPageSizeChange } = setup();
    const select = screen.getByRole('combobox', { name: 'Page size' });
    const options = Array.from(select.querySelectorAll('option')).map((o) => o.textContent);
    expect(options).toEqual([
      '5',
      '10',
      '25',
      '50',
      '100',
      '150',
      '200',
      '250',
      '300',
      '500',
      '1000',
    ]);
    await userEvent.selectOptions(select, '200');
    expect(onPageSizeChange).toHaveBeenCalledWith(200);
  });

  it('in virtual mode offers only the page size', () => {
    setup({ type: 'virtual', pageSize: 400 });
    expect(screen.queryByText(/^Page \d+ of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Page size' })).toHaveValue('400');
  });
});
