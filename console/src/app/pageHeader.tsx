import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export interface PageHeader {
  title?: string;
  /** Shown as the top bar's refresh button, which spins while `isLoading`. */
  onRefresh?: () => void;
  isLoading?: boolean;
  actions?: ReactNode;
}

type Setter = (header: PageHeader) => void;
const HeaderValue = createContext<PageHeader>({});
const HeaderSetter = createContext<Setter>(() => undefined);

export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const [header, setHeader] = useState<PageHeader>({});
  return (
    <HeaderSetter.Provider value={setHeader}>
      <HeaderValue.Provider value={header}>{children}</HeaderValue.Provider>
    </HeaderSetter.Provider>
  );
}

export function useCurrentPageHeader(): PageHeader {
  return useContext(HeaderValue);
}

/** A page declares its top-bar title and refresh action; cleared when the page unmounts. */
export function usePageHeader({ title, onRefresh, isLoading, actions }: PageHeader): void {
  const set = useContext(HeaderSetter);
  useEffect(() => {
    set({ title, onRefresh, isLoading, actions });
  }, [set, title, onRefresh, isLoading, actions]);
  useEffect(() => () => set({}), [set]);
  useEffect(() => {
    document.title = title ? `${title} · Vigil` : 'Vigil';
  }, [title]);
}
