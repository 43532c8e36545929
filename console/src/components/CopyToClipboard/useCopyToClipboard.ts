import { useCallback } from 'react';
import { useToast } from '../Toast/useToast';

export const COPY_SUCCESS = 'Copied to clipboard';
export const COPY_UNAVAILABLE = 'Clipboard not available';
export const COPY_FAILED = 'Failed to copy to clipboard';

/**
 * Returns copy(text), which toasts the outcome and resolves to whether it worked. Some screens
 * name what was copied ('Link copied to clipboard'), hence the optional success text.
 */
export function useCopyToClipboard(): (text: string, successText?: string) => Promise<boolean> {
  const { addToast } = useToast();
  return useCallback(
    async (text: string, successText: string = COPY_SUCCESS) => {
      // Missing outside secure contexts (plain http), so check before calling.
      const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
      if (!clipboard) {
        addToast({ variant: 'danger', title: COPY_UNAVAILABLE });
        return false;
      }
      try {
        await clipboard.writeText(text);
        addToast({ variant: 'success', title: successText });
        return true;
      } catch {
        addToast({ variant: 'danger', title: COPY_FAILED });
        return false;
      }
    },
    [addToast],
  );
}
