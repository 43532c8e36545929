import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AvatarStack } from './AvatarStack';

const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov']
  .concat(['Ken Thompson', 'Dennis Ritchie'])
  .map((name, i) => ({ id: String(i), name, avatar: i === 0 ? '/ada.png' : null }));

describe('AvatarStack', () => {
  it('shows at most 5 avatars and counts the rest', () => {
    render(<AvatarStack people={people} />);
    expect(screen.getAllByRole('img')).toHaveLength(5);
    const more = screen.getByText('+2');
    expect(more).toHaveAttribute('title', 'Ken Thompson, Dennis Ritchie');
  });

  it('uses the picture when there is one and initials otherwise, named for hover', () => {
    render(<AvatarStack people={people.slice(0, 2)} />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/ada.png');
    const grace = screen.getByRole('img', { name: 'Grace Hopper' });
    expect(grace).toHaveTextContent('GH');
    expect(grace).toHaveAttribute('title', 'Grace Hopper');
    expect(screen.queryByText(/^\+/)).not.toBeInTheDocument();
  });
});
