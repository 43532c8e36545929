import type { EdgeStyle, GraphDirection } from './options';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The SVG path of an edge between two nodes: it leaves the source on the side facing the next
 * rank (bottom for top-to-bottom, right for left-to-right) and enters the target on the
 * opposite side, as a curve, a straight line or right-angled steps.
 */
export function edgePath(
  style: EdgeStyle,
  direction: GraphDirection,
  source: Box,
  target: Box,
): string {
  const vertical = direction === 'TB';
  let sx: number, sy: number, tx: number, ty: number;
  if (vertical) {
    const down = target.y >= source.y + source.height;
    sx = source.x + source.width / 2;
    tx = target.x + target.width / 2;
    sy = down ? source.y + source.height : source.y;
    ty = down ? target.y : target.y + target.height;
  } else {
    const right = target.x >= source.x + source.width;
    sy = source.y + source.height / 2;
    ty = target.y + target.height / 2;
    sx = right ? source.x + source.width : source.x;
    tx = right ? target.x : target.x + target.width;
  }
  const r = (n: number) => Math.round(n * 10) / 10;
  const start = `M${r(sx)} ${r(sy)}`;
  switch (style) {
    case 'straight':
      return `${start} L${r(tx)} ${r(ty)}`;
    case 'step': {
      if (vertical) {
        const mid = (sy + ty) / 2;
        return `${start} V${r(mid)} H${r(tx)} V${r(ty)}`;
      }
      const mid = (sx + tx) / 2;
      return `${start} H${r(mid)} V${r(ty)} H${r(tx)}`;
    }
    case 'curved': {
      if (vertical) {
        const bend = (ty - sy) / 2;
        return `${start} C${r(sx)} ${r(sy + bend)} ${r(tx)} ${r(ty - bend)} ${r(tx)} ${r(ty)}`;
      }
      const bend = (tx - sx) / 2;
      return `${start} C${r(sx + bend)} ${r(sy)} ${r(tx - bend)} ${r(ty)} ${r(tx)} ${r(ty)}`;
    }
  }
}
