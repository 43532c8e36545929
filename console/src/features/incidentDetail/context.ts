import { createContext, useContext } from 'react';
import type { Incident, PersonRef } from './model';

/** What the user may change (§6); the server refuses the rest as well. */
export interface DetailAccess {
  incident: boolean;
  evidences: boolean;
  comments: boolean;
  responder: boolean;
}

export interface IncidentDetailContext {
  incident: Incident;
  me: PersonRef;
  can: DetailAccess;
  people: readonly PersonRef[];
  /** ?comments=true: every comment list starts expanded. */
  expandComments: boolean;
  /** Reloads the incident and its Changelog after a write. */
  refresh: () => Promise<void>;
}

export const DetailContext = createContext<IncidentDetailContext | null>(null);

export function useDetail(): IncidentDetailContext {
  const value = useContext(DetailContext);
  if (!value) throw new Error('useDetail outside the incident detail page');
  return value;
}
