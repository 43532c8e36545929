import {
  Button,
  Checkbox,
  Form,
  FormGroup,
  FormSelect,
  FormSelectOption,
} from '@patternfly/react-core';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { useToast } from '../../components/Toast/useToast';
import {
  DEFAULT_SNAPSHOT_START,
  DOWNLOAD_ERROR_TEXT,
  SNAPSHOT_RANGES,
  downloadSnapshot,
} from './snapshot';

export interface SnapshotDialogProps {
  isOpen: boolean;
  component: { id: string; name: string };
  onClose: () => void;
}

/** Download Snapshot (spec 002 §2): a time range and whether to add related components. */
export function SnapshotDialog({ isOpen, component, onClose }: SnapshotDialogProps) {
  return isOpen ? <SnapshotForm component={component} onClose={onClose} /> : null;
}

function SnapshotForm({ component, onClose }: Omit<SnapshotDialogProps, 'isOpen'>) {
  const { addToast } = useToast();
  const [start, setStart] = useState<string>(DEFAULT_SNAPSHOT_START);
  const [related, setRelated] = useState(false);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await downloadSnapshot(component, { start, related });
      onClose();
    } catch {
      addToast({ variant: 'danger', title: DOWNLOAD_ERROR_TEXT });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Download Snapshot"
      size="small"
      canExpand={false}
      description={component.name}
      footer={
        <>
          <Button
            variant="primary"
            onClick={() => void download()}
            isLoading={busy}
            isDisabled={busy}
          >
            {busy ? 'Downloading' : 'Download'}
          </Button>
          <Button variant="link" onClick={onClose} isDisabled={busy}>
            Cancel
          </Button>
        </>
      }
    >
      <Form onSubmit={(e) => e.preventDefault()}>
        <FormGroup label="Time range" fieldId="snapshot-range">
          <FormSelect id="snapshot-range" value={start} onChange={(_e, v) => setStart(v)}>
            {SNAPSHOT_RANGES.map((range) => (
              <FormSelectOption key={range.value} value={range.value} label={range.label} />
            ))}
          </FormSelect>
        </FormGroup>
        <FormGroup fieldId="snapshot-related">
          <Checkbox
            id="snapshot-related"
            label="Include related components"
            isChecked={related}
            onChange={(_e, checked) => setRelated(checked)}
          />
        </FormGroup>
      </Form>
    </Dialog>
  );
}
