import { z } from 'zod';
import aws from './charts/aws.json';
import azure from './charts/azure.json';
import flux from './charts/flux.json';
import kubernetes from './charts/kubernetes.json';
import missionControl from './charts/mission-control.json';
import prometheus from './charts/prometheus.json';

/** A Kubernetes object name that is also a DNS label (namespaces, Helm release names). */
export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * What a GitOps option installs: a Helm chart from a chart repository, with the values the
 * editor starts from. The descriptors are JSON files bundled with the console (charts/*.json),
 * so the Add Integration dialog never reaches a registry at run time (spec 001 §7 fetches them
 * from a public registry; air-gapped clusters cannot). To move an option to a newer chart,
 * change its file.
 */
export const chartDescriptorSchema = z.object({
  /** The option's label in the dialog (spec 001 §9 "Registry charts"). */
  option: z.string().min(1),
  description: z.string(),
  repository: z.object({
    /** The name `helm repo add` and the HelmRepository use. */
    name: z.string().regex(DNS_LABEL),
    url: z.url({ protocol: /^https?$/ }),
  }),
  chart: z.string().regex(DNS_LABEL),
  version: z.string().min(1),
  /** The values the editor starts with (the chart's own defaults apply to the rest). */
  values: z.record(z.string(), z.unknown()),
});

export type ChartDescriptor = z.infer<typeof chartDescriptorSchema>;

/** The GitOps options, in the order the dialog lists them (spec 001 "Integrations"). */
export const GITOPS_CHARTS: readonly ChartDescriptor[] = [
  aws,
  azure,
  prometheus,
  flux,
  kubernetes,
  missionControl,
].map((file) => chartDescriptorSchema.parse(file));

export function chartFor(option: string): ChartDescriptor | undefined {
  return GITOPS_CHARTS.find((c) => c.option === option);
}
