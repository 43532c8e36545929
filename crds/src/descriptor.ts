import type { z } from 'zod';

/** A Kubernetes additionalPrinterColumn, as `kubectl get` and the /k8s Table view show it. */
export interface PrinterColumn {
  name: string;
  type: 'integer' | 'number' | 'string' | 'boolean' | 'date';
  jsonPath: string;
  description: string;
  /** 0 (default) shows in `kubectl get`; 1 only with `-o wide`. */
  priority?: number;
  format?: string;
}

/** The scale subresource, so `kubectl scale` works on kinds with replicas. */
export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

/**
 * One descriptor per kind, read by the operator (/k8s, controllers), the CRD generator and the
 * console. Upstream API groups are kept so existing manifests apply unchanged.
 */
export interface KindDescriptor {
  kind: string;
  listKind: string;
  /** Other spellings users have for the kind (accepted by validate and kindByName). */
  aliases: readonly string[];
  group: string;
  version: string;
  plural: string;
  singular: string;
  shortNames: readonly string[];
  namespaced: true;
  categories: readonly string[];
  description: string;
  printerColumns: readonly PrinterColumn[];
  /** Added by the controller so deletion waits for its cleanup. */
  finalizer?: string;
  scale?: ScaleSubresource;
  /** The RBAC object that guards this kind in the policy module. */
  policyObject: string;
  spec: z.ZodType;
  status: z.ZodType;
}

/**
 * A descriptor that keeps its kind name and schema types. Each kind declares itself with this
 * annotation so declaration files refer to `typeof canarySpec` instead of repeating its type.
 */
export interface TypedKindDescriptor<
  K extends string,
  Spec extends z.ZodType,
  Status extends z.ZodType,
  Alias extends string = never,
> extends KindDescriptor {
  kind: K;
  aliases: readonly Alias[];
  spec: Spec;
  status: Status;
}

/** Columns shared by the kinds whose state is a Ready condition. */
export const READY_COLUMNS = [
  {
    name: 'Ready',
    type: 'string',
    jsonPath: '.status.conditions[?(@.type=="Ready")].status',
    description: 'Status of the Ready condition.',
  },
  {
    name: 'Reason',
    type: 'string',
    jsonPath: '.status.conditions[?(@.type=="Ready")].reason',
    description: 'Reason of the Ready condition.',
    priority: 1,
  },
] as const satisfies readonly PrinterColumn[];

export const AGE_COLUMN = {
  name: 'Age',
  type: 'date',
  jsonPath: '.metadata.creationTimestamp',
  description: 'Time since the object was created.',
} as const satisfies PrinterColumn;

/** Every kind is listed by `kubectl get vigil`; not in `all`, which is for core workloads. */
export const CATEGORIES = ['vigil'] as const;
