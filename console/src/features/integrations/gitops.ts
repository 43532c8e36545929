import { isMap, parseDocument, stringify } from 'yaml';
import { REQUIRED } from '../../lib/formRules';
import { isObject, type Json } from '../../lib/jsonDoc';
import { DNS_LABEL, type ChartDescriptor } from './charts';

/**
 * The install instructions of a GitOps option (spec 001 "Integrations"): a Flux manifest (the
 * namespace, a HelmRepository and a HelmRelease) and the same install as Helm CLI commands, both
 * made from the chart descriptor and what the user typed. Pure: the dialog only renders them.
 */

/** Spec 001 §9 "GitOps defaults". */
export const GITOPS_DEFAULTS = { namespace: 'mission-control', interval: '30m' } as const;

/** The Flux API versions the manifest is written for. */
export const HELM_REPOSITORY_API = 'source.toolkit.fluxcd.io/v1';
export const HELM_RELEASE_API = 'helm.toolkit.fluxcd.io/v2';

/** Shown with the Flux option (spec 001 "Integrations"). */
export const FLUX_WARNING =
  'The Kubernetes chart must be installed in Flux for this option: add the Kubernetes integration first.';

/** What the user chose for one install. */
export interface GitOpsInstall {
  /** The Helm release (and HelmRelease) name. */
  name: string;
  namespace: string;
  /** How often Flux reconciles the release and refreshes the repository. */
  interval: string;
  version: string;
  values: Json;
}

export function newInstall(chart: ChartDescriptor): GitOpsInstall {
  return {
    name: chart.chart,
    namespace: GITOPS_DEFAULTS.namespace,
    interval: GITOPS_DEFAULTS.interval,
    version: chart.version,
    values: structuredClone(chart.values),
  };
}

/** A Go duration as Flux reads it: 30m, 1h, 5m0s, 1.5h. */
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
/** A chart version or version range (1.0.7, ^1.0.0, >=0.1.0 <0.2.0). */
const VERSION = /^[\w.+\-^~<>=*| ,]+$/;

export const NAME_FORMAT =
  'Use lowercase letters, digits and dashes, starting and ending with a letter or digit';
export const INTERVAL_FORMAT = 'Use a duration such as 30m, 1h or 5m0s';
export const VERSION_FORMAT = 'Use a chart version such as 1.0.7 or a range such as ^1.0.0';

/** Every problem of the fields, keyed by field name. */
export function validateInstall(install: GitOpsInstall): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const check = (field: FieldName, value: string, format: RegExp, message: string) => {
    if (value.trim() === '') errors[field] = REQUIRED;
    else if (!format.test(value.trim())) errors[field] = message;
  };
  check('name', install.name, DNS_LABEL, NAME_FORMAT);
  check('namespace', install.namespace, DNS_LABEL, NAME_FORMAT);
  check('interval', install.interval, DURATION, INTERVAL_FORMAT);
  check('version', install.version, VERSION, VERSION_FORMAT);
  return errors;
}

export type FieldName = 'name' | 'namespace' | 'interval' | 'version';

export type ValuesRead = { ok: true; values: Json } | { ok: false; error: string };

export const VALUES_NOT_YAML = 'This is not valid YAML; the last valid values are kept.';
export const VALUES_NOT_MAP =
  'Values must be a YAML mapping (key: value); the last valid values are kept.';

/** The values editor's text: empty is no values; anything else must be a YAML mapping. */
export function readValues(text: string): ValuesRead {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return { ok: false, error: VALUES_NOT_YAML };
  if (doc.contents === null) return { ok: true, values: {} };
  if (!isMap(doc.contents)) return { ok: false, error: VALUES_NOT_MAP };
  const values: unknown = doc.toJS();
  return isObject(values) ? { ok: true, values } : { ok: false, error: VALUES_NOT_MAP };
}

export function valuesToYaml(values: Json): string {
  return Object.keys(values).length === 0 ? '' : stringify(values, { lineWidth: 0 });
}

/** The Flux manifest: the namespace, the chart repository and the release, as YAML. */
export function fluxManifest(chart: ChartDescriptor, install: GitOpsInstall): string {
  const namespace = install.namespace.trim();
  const interval = install.interval.trim();
  const docs: Json[] = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } },
    {
      apiVersion: HELM_REPOSITORY_API,
      kind: 'HelmRepository',
      metadata: { name: chart.repository.name, namespace },
      spec: { interval, url: chart.repository.url },
    },
    {
      apiVersion: HELM_RELEASE_API,
      kind: 'HelmRelease',
      metadata: { name: install.name.trim(), namespace },
      spec: {
        interval,
        chart: {
          spec: {
            chart: chart.chart,
            version: install.version.trim(),
            sourceRef: { kind: 'HelmRepository', name: chart.repository.name, namespace },
          },
        },
        ...(Object.keys(install.values).length > 0 ? { values: install.values } : {}),
      },
    },
  ];
  return docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n');
}

/** A shell word: as it is when it is safe, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A here-document delimiter that no line of the text is equal to. */
export function hereDocDelimiter(text: string): string {
  const lines = new Set(text.split('\n'));
  let delimiter = 'VALUES';
  for (let i = 1; lines.has(delimiter); i++) delimiter = `VALUES_${i}`;
  return delimiter;
}

/**
 * The same install with the Helm CLI. Values go in whole through a quoted here-document on
 * stdin (`--values -`), so nested values, lists and any characters arrive as the editor has
 * them — what `--set` flags cannot promise.
 */
export function helmCommands(chart: ChartDescriptor, install: GitOpsInstall): string {
  const repo = chart.repository.name;
  const lines = [
    `helm repo add ${shellWord(repo)} ${shellWord(chart.repository.url)}`,
    'helm repo update',
    '',
    `helm install ${shellWord(install.name.trim())} ${shellWord(`${repo}/${chart.chart}`)} \\`,
    `  --namespace ${shellWord(install.namespace.trim())} \\`,
    '  --create-namespace \\',
  ];
  const values = valuesToYaml(install.values);
  if (values === '') {
    lines.push(`  --version ${shellWord(install.version.trim())}`);
    return `${lines.join('\n')}\n`;
  }
  const delimiter = hereDocDelimiter(values);
  lines.push(
    `  --version ${shellWord(install.version.trim())} \\`,
    `  --values - <<'${delimiter}'`,
  );
  return `${lines.join('\n')}\n${values}${delimiter}\n`;
}
