import { Skeleton } from '@patternfly/react-core';
import { lazy, Suspense } from 'react';

export interface CodeViewProps {
  value: string;
  language?: 'yaml' | 'json' | 'shell' | 'plaintext';
  readOnly?: boolean;
  height?: number;
  onChange?: (value: string) => void;
}

// Monaco is a few megabytes: load it only when a page shows code.
const MonacoCodeView = lazy(() => import('./MonacoCodeView'));

export function CodeView(props: CodeViewProps) {
  const height = props.height ?? 300;
  return (
    <Suspense fallback={<Skeleton height={`${height}px`} screenreaderText="Loading editor" />}>
      <MonacoCodeView {...props} />
    </Suspense>
  );
}
