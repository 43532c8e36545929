import { Content, DescriptionList } from '@patternfly/react-core';
import { DescriptionField } from '../../../components/DescriptionField/DescriptionField';
import type { Parameter } from '../types';

const MASK = '••••••';

const shown = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** The run's parameters, by their labels; secrets are not shown. */
export function RunParameters({
  values,
  params,
}: {
  values: Record<string, unknown> | null;
  /** The playbook's parameters, for labels and types. */
  params: readonly Parameter[] | undefined;
}) {
  const entries = Object.entries(values ?? {});
  if (entries.length === 0) return <Content component="p">No parameters.</Content>;
  return (
    <DescriptionList isCompact isHorizontal aria-label="Parameters">
      {entries.map(([name, value]) => {
        const param = params?.find((p) => p.name === name);
        return (
          <DescriptionField key={name} term={param?.label || name}>
            {param?.type === 'secret' ? MASK : shown(value)}
          </DescriptionField>
        );
      })}
    </DescriptionList>
  );
}
