import { createContext } from 'react';
import type { ReactNode } from 'react';

export type ToastVariant = 'success' | 'danger' | 'info' | 'warning';

export interface ToastLink {
  text: string;
  href?: string;
  /** For in-app navigation; the browser's own navigation to href is then skipped. */
  onClick?: () => void;
}

export interface ToastOptions {
  variant: ToastVariant;
  title: ReactNode;
  description?: ReactNode;
  link?: ToastLink;
}

export interface ToastApi {
  /** Shows a toast for 5 seconds and returns its id. */
  addToast: (toast: ToastOptions) => string;
  removeToast: (id: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
