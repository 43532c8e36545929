import { describe, expect, it } from 'vitest';
import { edgePath } from './edgePath';

const source = { x: 0, y: 0, width: 100, height: 40 };
const below = { x: 200, y: 160, width: 100, height: 40 };
const right = { x: 220, y: 100, width: 100, height: 40 };

describe('edgePath', () => {
  it('runs bottom to top between ranks from top to bottom', () => {
    expect(edgePath('straight', 'TB', source, below)).toBe('M50 40 L250 160');
    expect(edgePath('step', 'TB', source, below)).toBe('M50 40 V100 H250 V160');
    expect(edgePath('curved', 'TB', source, below)).toBe('M50 40 C50 100 250 100 250 160');
  });

  it('runs right side to left side between ranks from left to right', () => {
    expect(edgePath('straight', 'LR', source, right)).toBe('M100 20 L220 120');
    expect(edgePath('step', 'LR', source, right)).toBe('M100 20 H160 V120 H220');
    expect(edgePath('curved', 'LR', source, right)).toBe('M100 20 C160 20 160 120 220 120');
  });

  it('turns round for a link that points back up', () => {
    expect(edgePath('straight', 'TB', below, source)).toBe('M250 160 L50 40');
  });
});
