import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TriStateFilterProps } from './TriStateFilter';
import { TriStateFilter } from './TriStateFilter';

const statuses = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'a:b,c', label: 'Odd' },
];

function Harness({ initial = '', ...props }: Partial<TriStateFilterProps> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TriStateFilter
        label="Status"
        items={statuses}
        value={value}
        onChange={setValue}
        {...props}
      />
      <output>{value}</output>
    </>
  );
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: /Status/ }));
}

describe('TriStateFilter', () => {
  it('includes and excludes items with the + and − controls', async () => {
    render(<Harness />);
    await open();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Include Open' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Exclude Closed' }));
    expect(screen.getByRole('status')).toHaveTextContent('open:1,closed:-1');
    expect(screen.getByRole('img', { name: 'Included' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Excluded' })).toBeInTheDocument();
  });

  it('clears an item when its active control is pressed again', async () => {
    render(<Harness initial="open:1,closed:-1" />);
    await open();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Include Open' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^closed:-1$/);
  });

  it('cycles none, include, exclude, none when the item itself is clicked', async () => {
    render(<Harness />);
    await open();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await userEvent.click(screen.getByRole('option', { name: /Open/ }));
      seen.push(screen.getByRole('status').textContent ?? '');
    }
    expect(seen).toEqual(['open:1', 'open:-1', '']);
  });

  it('reads and writes escaped values and counts active filters on the toggle', async () => {
    render(<Harness initial="a____b||||c:-1" />);
    expect(screen.getByRole('button', { name: /Status/ })).toHaveTextContent('1');
    await open();
    expect(screen.getByRole('option', { name: /Odd/ })).toContainElement(
      screen.getByRole('img', { name: 'Excluded' }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Include Open' }));
    expect(screen.getByRole('status')).toHaveTextContent('a____b||||c:-1,open:1');
  });

  it('in tag mode replaces the earlier choice for the same key', async () => {
    const onChange = vi.fn();
    const tags = [{ value: 'env=prod' }, { value: 'env=dev' }, { value: 'team=ops' }];
    render(
      <TriStateFilter
        label="Tags"
        items={tags}
        value="env=prod:1,team=ops:1"
        onChange={onChange}
        tagMode
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Tags/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Exclude env=dev' }));
    expect(onChange).toHaveBeenCalledWith('team=ops:1,env=dev:-1');
  });
});
