import { Label } from '@patternfly/react-core';
import { historyStatusColor, historyStatusText } from './historyStatus';

export function HistoryStatusLabel({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Label isCompact color={historyStatusColor(status)}>
      {historyStatusText(status)}
    </Label>
  );
}
