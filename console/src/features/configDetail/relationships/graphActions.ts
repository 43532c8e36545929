import { createContext } from 'react';

/** What the graph's nodes do when used: reach the page through context, not the model. */
export interface GraphActions {
  openConfig: (id: string) => void;
  toggleGroup: (id: string, expanded: boolean) => void;
}

export const GraphActionsContext = createContext<GraphActions>({
  openConfig: () => undefined,
  toggleGroup: () => undefined,
});
