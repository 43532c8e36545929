import { useEffect, useRef } from 'react';
import { useToast } from '../../components/Toast/useToast';
import { errorText } from '../../lib/settingsResource';

/** Toasts a failed load once, with the server's message (spec 001 §8). */
export function useErrorToast(error: unknown): void {
  const { addToast } = useToast();
  const toasted = useRef<unknown>(undefined);
  useEffect(() => {
    if (!error || toasted.current === error) return;
    toasted.current = error;
    addToast({ variant: 'danger', title: errorText(error) });
  }, [error, addToast]);
}
