import { Button } from '@patternfly/react-core';
import { CopyIcon } from '@patternfly/react-icons';
import type { ReactNode } from 'react';
import { useCopyToClipboard } from './useCopyToClipboard';

export interface CopyButtonProps {
  /** The text to copy, or a function producing it at click time. */
  text: string | (() => string);
  /** Accessible name; defaults to 'Copy to clipboard'. */
  'aria-label'?: string;
  /** Visible label next to the icon; icon-only when omitted. */
  children?: ReactNode;
  variant?: 'plain' | 'link' | 'secondary' | 'tertiary';
  isDisabled?: boolean;
  /** The success toast; defaults to 'Copied to clipboard'. */
  successText?: string;
  onCopied?: (ok: boolean) => void;
}

export function CopyButton({
  text,
  'aria-label': ariaLabel = 'Copy to clipboard',
  children,
  variant = 'plain',
  isDisabled,
  successText,
  onCopied,
}: CopyButtonProps) {
  const copy = useCopyToClipboard();
  return (
    <Button
      variant={variant}
      aria-label={ariaLabel}
      icon={<CopyIcon />}
      isDisabled={isDisabled}
      onClick={async () => {
        const ok = await copy(typeof text === 'function' ? text() : text, successText);
        onCopied?.(ok);
      }}
    >
      {children}
    </Button>
  );
}
