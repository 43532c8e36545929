import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';
import type { ConnectionFields } from '../health/types.js';
import type { Sandbox } from '../sandbox/sandbox.js';

/**
 * The seam between the scrape engine and the scrapers. A scraper reads one source (files, an
 * HTTP API, a SQL query, a script's output, a Kubernetes cluster) and hands back what it saw;
 * the engine applies the common fields (items, id/name/type/class/health/status JSONPaths,
 * labels, tags, properties, transform), works out identity, changes and staleness, and writes.
 * A scraper never throws for a failed source: it reports the error in `errors`, and the engine
 * then keeps every item it already has (nothing is marked stale after a failing scrape).
 */

/** One scraper entry as written in the ScrapeConfig spec (a `file`, `http`, … list element). */
export type ScraperSpec = Record<string, unknown>;

export interface ScrapeContext {
  scraper: { id: string; name: string; namespace: string };
  /** Aborted when the scrape is cancelled (Vigil stopping) or its timeout passes. */
  signal: AbortSignal;
  /** The Vigil database (connections, config queries for exec `query`). */
  pool: Pool;
  log: Logger;
  /** Resolves `connection://<type>/<name>`, `connection://<namespace>/<name>` or an id. */
  connection(ref: string): Promise<ConnectionFields | undefined>;
  /** Runs scripts apart from Vigil (exec scraper); see src/sandbox. */
  sandbox?: Sandbox;
  /** Whether the items made from a document with this fingerprint last time can be reused. */
  reusable?(fingerprint: string): boolean;
  /** Kubernetes access of the kubernetes scraper when no connection/kubeconfig is given. */
  kubeconfig?: KubeConfig;
}

/**
 * A raw document as a generic scraper (file, http, sql, exec) read it, before the common fields.
 * The engine splits it with `items`, then evaluates id/name/type/... per item, falling back to
 * `defaults` (for example a file's path as its id and name).
 */
export interface RawDocument {
  /** Parsed content (object, array, scalar) or text when it is not structured. */
  content: unknown;
  /** How the content was read: json, yaml, properties or text. */
  format: 'json' | 'yaml' | 'properties' | 'text';
  defaults?: Partial<Pick<ScrapedItem, 'externalId' | 'name' | 'type' | 'class' | 'description'>>;
  /**
   * What identifies this exact content without reading it (a file's path, size and mtime). When
   * `ctx.reusable(fingerprint)` says the engine still holds the items it made from it, the scraper
   * returns `{ reused: true, fingerprint }` with no content, and the engine reuses them.
   */
  fingerprint?: string;
  reused?: boolean;
}

/** A related item, by external id (and type when ids are only unique per type). */
export interface ItemRef {
  externalId: string;
  type?: string;
}

/** One configuration item, ready for the engine's identity and change detection. */
export interface ScrapedItem {
  /** The item's own id in its source (a path, a uid, a row key). */
  externalId: string;
  /** Other ids it is known by (lower-cased and de-duplicated with externalId). */
  aliases?: string[];
  /** An explicit Vigil id (uuid) when the source gives one; otherwise derived from the ids. */
  id?: string;
  name: string;
  /** e.g. `Kubernetes::Pod`, `File`, `HTTP`. */
  type: string;
  /** e.g. `Pod`, `File`. */
  class: string;
  config: unknown;
  description?: string;
  icon?: string;
  health?: 'healthy' | 'unhealthy' | 'warning' | 'unknown';
  status?: string;
  ready?: boolean;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  properties?: Record<string, unknown>[];
  parent?: ItemRef;
  createdAt?: Date;
  /** Set when the source reports the item gone (soft-deleted, delete_reason from the source). */
  deletedAt?: Date;
  deleteReason?: string;
  /** Changes and insights the source reports for this item. */
  changes?: ScrapedChange[];
  analysis?: ScrapedAnalysis[];
}

/** A change reported by a source (an Event, an audit entry), as opposed to a detected diff. */
export interface ScrapedChange {
  /** The item it belongs to; changes attached to an item leave this empty. */
  item?: ItemRef;
  /** Stable id in the source: a change seen again increments `count` instead of repeating. */
  externalChangeId?: string;
  changeType: string;
  severity?: string;
  source?: string;
  summary?: string;
  details?: Record<string, unknown>;
  createdAt?: Date;
  createdBy?: string;
}

export interface ScrapedAnalysis {
  analyzer: string;
  analysisType?: string;
  severity?: string;
  summary?: string;
  message?: string;
  status?: string;
  analysis?: Record<string, unknown>;
}

/** A relationship between two items, by external ids (resolved after the items are written). */
export interface ScrapedRelationship {
  from: ItemRef;
  to: ItemRef;
  /** e.g. `DeploymentReplicaSet`, `ServicePod`; `hard` for parent links. */
  relation: string;
}

export interface ScraperOutput {
  /** Raw documents (generic scrapers): the engine applies the common fields to these. */
  documents?: RawDocument[];
  /** Fully formed items (the kubernetes scraper): the engine still applies labels, tags, transform. */
  items?: ScrapedItem[];
  /** Changes not attached to one item (e.g. Kubernetes Events, by involvedObject uid). */
  changes?: ScrapedChange[];
  relationships?: ScrapedRelationship[];
  /** What went wrong, each a sentence a person can act on. Any error makes the scrape unclean. */
  errors: string[];
}

export type Scraper = (spec: ScraperSpec, ctx: ScrapeContext) => Promise<ScraperOutput>;

/** The scraper types that run here; any other key of the spec is reported, never ignored. */
export const SUPPORTED_SCRAPERS = ['file', 'http', 'sql', 'exec', 'kubernetes'] as const;

/** The scraper types a ScrapeConfig spec holds (keys with a non-empty list). */
export function scraperTypes(spec: Record<string, unknown>): string[] {
  return Object.entries(spec)
    .filter(([, v]) => Array.isArray(v) && v.length > 0)
    .map(([k]) => k);
}
