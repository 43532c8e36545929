import { Button, type ButtonProps } from '@patternfly/react-core';
import { useState, type ReactNode } from 'react';
import { useCanLinkToIncident, type EvidenceAttachment } from './evidence';
import { LinkToIncidentDialog } from './LinkToIncidentDialog';

export interface LinkToIncidentButtonProps {
  evidence: EvidenceAttachment;
  /** Defaults to 'Attach as Evidence'; topology cards say 'Link to Incident'. */
  children?: ReactNode;
  variant?: ButtonProps['variant'];
  isDisabled?: boolean;
  onLinked?: (success: boolean) => void;
}

/**
 * The button that opens the Link to Incident dialog, drawn only for users with write on
 * incidents while the incidents feature is on (spec 000 §2.7, §6).
 */
export function LinkToIncidentButton(props: LinkToIncidentButtonProps) {
  const allowed = useCanLinkToIncident();
  const [isOpen, setIsOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button
        variant={props.variant ?? 'secondary'}
        isDisabled={props.isDisabled}
        onClick={() => setIsOpen(true)}
      >
        {props.children ?? 'Attach as Evidence'}
      </Button>
      <LinkToIncidentDialog
        isOpen={isOpen}
        evidence={props.evidence}
        onLinked={props.onLinked}
        onClose={() => setIsOpen(false)}
      />
    </>
  );
}
