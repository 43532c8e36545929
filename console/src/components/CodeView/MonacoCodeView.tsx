import Editor from '@monaco-editor/react';
import { Skeleton } from '@patternfly/react-core';
import './monacoSetup';
import type { CodeViewProps } from './CodeView';

export default function MonacoCodeView({
  value,
  language = 'yaml',
  readOnly = true,
  height = 300,
  onChange,
}: CodeViewProps) {
  return (
    <div
      data-testid="code-view"
      style={{ border: '1px solid var(--pf-t--global--border--color--default)' }}
    >
      <Editor
        value={value}
        language={language}
        height={height}
        loading={<Skeleton height={`${height}px`} screenreaderText="Loading editor" />}
        onChange={(v) => onChange?.(v ?? '')}
        options={{
          readOnly,
          domReadOnly: readOnly,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          automaticLayout: true,
          fontSize: 13,
          renderLineHighlight: readOnly ? 'none' : 'line',
          tabSize: 2,
        }}
      />
    </div>
  );
}
