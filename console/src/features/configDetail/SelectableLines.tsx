import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';

export interface SelectableLinesProps {
  lines: readonly string[];
  /** Selected 1-based line numbers. */
  selected: readonly number[];
  onPick: (line: number, extend: boolean) => void;
  /** Names the list for screen readers, e.g. 'Lines of payments-api'. */
  label: string;
}

const SELECTED_BACKGROUND = 'var(--pf-t--global--background--color--highlight--default, #fff4cc)';
const SELECTED_EDGE = 'inset 3px 0 0 var(--pf-t--global--border--color--brand--default, #0066cc)';

const listStyle: CSSProperties = {
  fontFamily: 'var(--pf-t--global--font--family--mono, monospace)',
  fontSize: 'var(--pf-t--global--font--size--body--sm, 0.875rem)',
  lineHeight: 1.6,
  overflowX: 'auto',
  outline: 'none',
};

/** A click that ends a drag over text is the user copying, not choosing lines. */
function isSelectingText(): boolean {
  const selection = window.getSelection();
  return Boolean(selection && !selection.isCollapsed && selection.toString());
}

interface LineProps {
  id: string;
  number: number;
  text: string;
  selected: boolean;
  active: boolean;
  gutter: string;
  onPick: (line: number, extend: boolean) => void;
}

// Memoised: a click re-renders the one or few lines whose selection changed, not a long config.
const Line = memo(function Line({ id, number, text, selected, active, gutter, onPick }: LineProps) {
  return (
    <div
      role="option"
      id={id}
      aria-selected={selected}
      data-line={number}
      // Shift+mousedown would otherwise extend the browser's text selection over the range.
      onMouseDown={(e) => {
        if (e.shiftKey) e.preventDefault();
      }}
      onClick={(e) => {
        if (!e.shiftKey && isSelectingText()) return;
        onPick(number, e.shiftKey);
      }}
      style={{
        display: 'flex',
        width: 'max-content',
        minWidth: '100%',
        cursor: 'pointer',
        background: selected ? SELECTED_BACKGROUND : undefined,
        boxShadow: selected ? SELECTED_EDGE : undefined,
        outline: active
          ? '1px dashed var(--pf-t--global--border--color--clicked, #0066cc)'
          : undefined,
        outlineOffset: -1,
      }}
    >
      <span
        style={{
          minWidth: gutter,
          paddingInline: '0.5rem',
          textAlign: 'right',
          userSelect: 'none',
          color: 'var(--pf-t--global--text--color--subtle)',
        }}
      >
        {number}
      </span>
      <span style={{ whiteSpace: 'pre', paddingInlineEnd: '1rem' }}>{text}</span>
    </div>
  );
});

/**
 * The config as numbered lines that can be selected: a click toggles a line, a shift-click
 * selects a range. From the keyboard the arrows move between lines and Space (Shift+Space)
 * does what a click (shift-click) does.
 */
export function SelectableLines({ lines, selected, onPick, label }: SelectableLinesProps) {
  const idPrefix = useId();
  const lineId = useCallback((n: number) => `${idPrefix}line-${n}`, [idPrefix]);
  const chosen = useMemo(() => new Set(selected), [selected]);
  const [active, setActive] = useState<number>();
  const [focused, setFocused] = useState(false);
  const gutter = `${String(lines.length).length + 2}ch`;

  // The lines get one stable handler, whatever the caller passes, so memo holds.
  const latestPick = useRef(onPick);
  useLayoutEffect(() => {
    latestPick.current = onPick;
  });
  const pick = useCallback((line: number, extend: boolean) => {
    setActive(line);
    latestPick.current(line, extend);
  }, []);

  const reveal = useCallback(
    (n: number, block: ScrollLogicalPosition) =>
      // jsdom has no scrollIntoView.
      document.getElementById(lineId(n))?.scrollIntoView?.({ block }),
    [lineId],
  );

  // A link to selected lines opens on them. Only the lines selected on arrival: later clicks
  // must not make the page jump.
  const [arrivedAt] = useState(() => selected[0]);
  useEffect(() => {
    if (arrivedAt !== undefined) reveal(arrivedAt, 'center');
  }, [arrivedAt, reveal]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (lines.length === 0) return;
    const current = active ?? selected[0] ?? 1;
    const move = (to: number) => {
      const next = Math.min(lines.length, Math.max(1, to));
      setActive(next);
      reveal(next, 'nearest');
    };
    switch (e.key) {
      case 'ArrowDown':
        move(active === undefined ? current : current + 1);
        break;
      case 'ArrowUp':
        move(active === undefined ? current : current - 1);
        break;
      case 'Home':
        move(1);
        break;
      case 'End':
        move(lines.length);
        break;
      case ' ':
      case 'Enter':
        pick(current, e.shiftKey);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <div
      role="listbox"
      aria-label={label}
      aria-multiselectable
      aria-activedescendant={focused && active !== undefined ? lineId(active) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={listStyle}
    >
      {lines.map((text, i) => (
        <Line
          key={i}
          id={lineId(i + 1)}
          number={i + 1}
          text={text}
          selected={chosen.has(i + 1)}
          active={focused && active === i + 1}
          gutter={gutter}
          onPick={pick}
        />
      ))}
    </div>
  );
}
