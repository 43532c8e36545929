import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from '@patternfly/react-core';
import { CompressIcon, ExpandIcon, HelpIcon } from '@patternfly/react-icons';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';

export type DialogSize = 'very-small' | 'small' | 'medium' | 'large' | 'full';

// small/medium/large match PatternFly's own modal widths; very-small and full are ours.
export const DIALOG_WIDTHS: Record<DialogSize, string> = {
  'very-small': '25rem',
  small: '35rem',
  medium: '52.5rem',
  large: '70rem',
  full: 'calc(100vw - 2rem)',
};

export interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Defaults to 'medium'. */
  size?: DialogSize;
  /** Offers a button to grow the dialog to full size (not shown when already full). */
  canExpand?: boolean;
  /** Documentation page, opened in a new tab. */
  helpLink?: string;
  description?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
}

export function Dialog({
  isOpen,
  onClose,
  title,
  size = 'medium',
  canExpand = true,
  helpLink,
  description,
  footer,
  children,
}: DialogProps) {
  const [expanded, setExpanded] = useState(false);
  const [wasOpen, setWasOpen] = useState(isOpen);
  // Each opening starts at the requested size, however the dialog was left last time.
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (!isOpen) setExpanded(false);
  }
  const titleId = useId();
  const bodyId = useId();
  const width = DIALOG_WIDTHS[expanded ? 'full' : size];

  const actions = (
    <>
      {helpLink && (
        <Button
          component="a"
          variant="plain"
          href={helpLink}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Documentation"
          icon={<HelpIcon />}
        />
      )}
      {canExpand && size !== 'full' && (
        <Button
          variant="plain"
          aria-label={expanded ? 'Restore size' : 'Expand to full size'}
          aria-pressed={expanded}
          icon={expanded ? <CompressIcon /> : <ExpandIcon />}
          onClick={() => setExpanded((e) => !e)}
        />
      )}
    </>
  );

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      width={width}
      maxWidth={width}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <ModalHeader title={title} labelId={titleId} description={description} help={actions} />
      <ModalBody id={bodyId}>{children}</ModalBody>
      {footer && <ModalFooter>{footer}</ModalFooter>}
    </Modal>
  );
}
