import { Alert, AlertActionCloseButton, AlertActionLink, AlertGroup } from '@patternfly/react-core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { ToastContext } from './toastContext';
import type { ToastApi, ToastOptions } from './toastContext';

export const TOAST_DURATION_MS = 5000;

interface Toast extends ToastOptions {
  id: string;
}

export interface ToastProviderProps {
  children: ReactNode;
}

export function ToastProvider({ children }: ToastProviderProps) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const nextId = useRef(0);

  const removeToast = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const addToast = useCallback(
    (options: ToastOptions) => {
      nextId.current += 1;
      const id = `toast-${nextId.current}`;
      setToasts((current) => [...current, { ...options, id }]);
      // Our own timer rather than Alert's timeout: Alert adds a further hover/fade delay, and the
      // spec fixes the duration at 5 s.
      timers.current.set(
        id,
        setTimeout(() => removeToast(id), TOAST_DURATION_MS),
      );
      return id;
    },
    [removeToast],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(() => ({ addToast, removeToast }), [addToast, removeToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <AlertGroup isToast isLiveRegion>
        {toasts.map((toast) => (
          <Alert
            key={toast.id}
            id={toast.id}
            variant={toast.variant}
            title={toast.title}
            actionClose={<AlertActionCloseButton onClose={() => removeToast(toast.id)} />}
            actionLinks={toast.link ? <ToastLinkAction {...toast.link} /> : undefined}
          >
            {toast.description}
          </Alert>
        ))}
      </AlertGroup>
    </ToastContext.Provider>
  );
}

function ToastLinkAction({ text, href, onClick }: NonNullable<ToastOptions['link']>) {
  const handleClick = (event: MouseEvent) => {
    if (!onClick) return;
    event.preventDefault();
    onClick();
  };
  return href ? (
    <AlertActionLink component="a" href={href} onClick={handleClick}>
      {text}
    </AlertActionLink>
  ) : (
    <AlertActionLink onClick={handleClick}>{text}</AlertActionLink>
  );
}
