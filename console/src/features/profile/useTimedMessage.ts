import { useCallback, useEffect, useState } from 'react';

/** Profile messages clear after 10 seconds (spec 002 §2, §9). */
export const PROFILE_MESSAGE_MS = 10_000;

export interface TimedMessage {
  variant: 'success' | 'danger';
  text: string;
}

/** One section's message: each new one restarts the 10 seconds. */
export function useTimedMessage() {
  const [message, setMessage] = useState<TimedMessage>();
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(undefined), PROFILE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const success = useCallback((text: string) => setMessage({ variant: 'success', text }), []);
  const failure = useCallback((text: string) => setMessage({ variant: 'danger', text }), []);
  const clear = useCallback(() => setMessage(undefined), []);
  return { message, success, failure, clear };
}
