import type { ComponentType } from 'react';
import type { Feature } from '../../app/features';
import type { JobResourceType } from '../../components/JobHistory/api';
import type { SpecFormProps } from '../../components/SpecEditor/SpecEditor';
import type { ResourceRow } from './resourceApi';
import type { ResourceDoc, ResourceField } from './resourceDocument';

/**
 * One settings table served by the generic list and detail shell (spec 001 "Settings resources
 * (generic)"): a kind contributes its names, columns, form and extra tabs, never a page.
 */
export interface SettingsKind {
  /** The table written to, and the path segment: /settings/{table}. */
  table: string;
  /** What the list reads: {table}_with_status, or the table itself. */
  view: string;
  /** The list's title, e.g. 'Teams'. */
  title: string;
  /** One of them, e.g. 'Team' (the add button, the new page, the delete dialog). */
  singular: string;
  feature: Feature;
  /** The policy object guarding the table on the server (operator/src/postgrest/exposure.ts). */
  object: string;
  /** The optional columns the table has. */
  fields: readonly ResourceField[];
  /** Its runs in job history, for the jobHistory tab. */
  jobResourceType?: JobResourceType;
  /** The Form tab; the generic one edits name, the optional columns and the spec as YAML. */
  Form?: ComponentType<SpecFormProps<ResourceDoc>>;
  /** Checks beyond a name, keyed by dotted path. */
  validate?: (doc: ResourceDoc) => Record<string, string>;
  /** The manageTeam tab (spec 001 "Team members panel"), with its title. */
  manage?: {
    title: string;
    Panel: ComponentType<{ resource: ResourceRow; canWrite: boolean }>;
  };
}

export const listPath = (kind: SettingsKind) => `/settings/${kind.table}`;
export const detailPath = (kind: SettingsKind, id: string) =>
  `${listPath(kind)}/${encodeURIComponent(id)}`;
