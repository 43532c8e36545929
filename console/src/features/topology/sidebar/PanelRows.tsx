import { Alert, Content, Flex, Skeleton } from '@patternfly/react-core';
import type { ReactNode } from 'react';

/** Spec 002 §8: a panel with nothing to show. */
export const NO_RESULT = 'No result';

export interface PanelRowsProps<Row> {
  /** Names the list, e.g. 'Incidents'. */
  label: string;
  rows: readonly Row[] | undefined;
  error: Error | undefined;
  isLoading: boolean;
  rowKey: (row: Row) => string;
  renderRow: (row: Row) => ReactNode;
}

/** A panel's list: loading, its error, "No result", or one line per row. */
export function PanelRows<Row>(props: PanelRowsProps<Row>) {
  const { label, rows, error, isLoading } = props;
  if (isLoading) return <Skeleton height="3rem" screenreaderText={`Loading ${label}`} />;
  if (error && !rows) return <Alert variant="danger" isInline isPlain title={error.message} />;
  if (!rows || rows.length === 0) return <Content component="p">{NO_RESULT}</Content>;
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row) => (
        <li key={props.rowKey(row)} style={{ padding: '4px 0' }}>
          <Flex
            alignItems={{ default: 'alignItemsCenter' }}
            gap={{ default: 'gapSm' }}
            flexWrap={{ default: 'nowrap' }}
          >
            {props.renderRow(row)}
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** Text that takes the line's free space and is cut with an ellipsis. */
export function Grow({ children }: { children: ReactNode }) {
  return (
    <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {children}
    </span>
  );
}
