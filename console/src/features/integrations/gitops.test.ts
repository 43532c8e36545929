import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { REQUIRED } from '../../lib/formRules';
import { GITOPS_CHARTS, chartFor, type ChartDescriptor } from './charts';
import {
  GITOPS_DEFAULTS,
  NAME_FORMAT,
  VALUES_NOT_MAP,
  VALUES_NOT_YAML,
  fluxManifest,
  helmCommands,
  hereDocDelimiter,
  newInstall,
  readValues,
  shellWord,
  validateInstall,
  valuesToYaml,
} from './gitops';

const prometheus = chartFor('Prometheus') as ChartDescriptor;

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown>;
}

const manifests = (text: string) =>
  parseAllDocuments(text).map((d) => {
    expect(d.errors).toEqual([]);
    return d.toJS() as Manifest;
  });

describe('chart descriptors', () => {
  it('bundles the six registry charts of spec 001 §9, in the dialog order', () => {
    expect(GITOPS_CHARTS.map((c) => c.option)).toEqual([
      'AWS',
      'Azure',
      'Prometheus',
      'Flux',
      'Kubernetes',
      'Mission Control',
    ]);
    for (const c of GITOPS_CHARTS) {
      expect(c.repository.url).toMatch(/^https:\/\//);
      expect(c.version).not.toBe('');
    }
  });
});

describe('newInstall', () => {
  it('starts from the GitOps defaults and a copy of the chart values', () => {
    const install = newInstall(prometheus);
    expect(install).toMatchObject({
      name: 'mission-control-prometheus',
      namespace: 'mission-control',
      interval: '30m',
      version: prometheus.version,
    });
    expect(GITOPS_DEFAULTS).toEqual({ namespace: 'mission-control', interval: '30m' });
    install.values.prometheusURL = 'changed';
    expect(prometheus.values.prometheusURL).toBe('http://prometheus.monitoring.svc:9090');
  });
});

describe('fluxManifest', () => {
  it('writes the namespace, a v1 HelmRepository and a v2 HelmRelease of the chart', () => {
    const install = {
      ...newInstall(prometheus),
      values: { prometheusURL: 'http://prom.shop:9090', labels: { team: 'sre' } },
    };
    const [ns, repo, release] = manifests(fluxManifest(prometheus, install));
    expect(ns).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'mission-control' },
    });
    expect(repo).toEqual({
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'HelmRepository',
      metadata: { name: 'flanksource', namespace: 'mission-control' },
      spec: { interval: '30m', url: 'https://flanksource.github.io/charts' },
    });
    expect(release).toEqual({
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      kind: 'HelmRelease',
      metadata: { name: 'mission-control-prometheus', namespace: 'mission-control' },
      spec: {
        interval: '30m',
        chart: {
          spec: {
            chart: 'mission-control-prometheus',
            version: prometheus.version,
            sourceRef: {
              kind: 'HelmRepository',
              name: 'flanksource',
              namespace: 'mission-control',
            },
          },
        },
        values: { prometheusURL: 'http://prom.shop:9090', labels: { team: 'sre' } },
      },
    });
  });

  it('follows the name, namespace, interval and version typed', () => {
    const install = {
      name: 'prom',
      namespace: 'observability',
      interval: '1h',
      version: '^0.1.0',
      values: {},
    };
    const [ns, repo, release] = manifests(fluxManifest(prometheus, install));
    expect(ns?.metadata.name).toBe('observability');
    expect(repo?.metadata.namespace).toBe('observability');
    expect(repo?.spec?.interval).toBe('1h');
    expect(release?.metadata).toEqual({ name: 'prom', namespace: 'observability' });
    expect(release?.spec).toEqual({
      interval: '1h',
      chart: {
        spec: {
          chart: 'mission-control-prometheus',
          version: '^0.1.0',
          sourceRef: { kind: 'HelmRepository', name: 'flanksource', namespace: 'observability' },
        },
      },
    });
  });

  it('keeps values that YAML would otherwise read differently', () => {
    const values = { tricky: 'yes', port: '8080', multi: 'a\nb: c\n', empty: '', nothing: null };
    const release = manifests(fluxManifest(prometheus, { ...newInstall(prometheus), values }))[2];
    expect(release?.spec?.values).toEqual(values);
  });

  it('is valid YAML for every bundled chart with its default values', () => {
    for (const chart of GITOPS_CHARTS) {
      const release = manifests(fluxManifest(chart, newInstall(chart)))[2];
      expect(release?.spec?.values).toEqual(chart.values);
    }
  });
});

describe('helmCommands', () => {
  /** The here-document a command line feeds to `--values -`. */
  function hereDoc(text: string): string {
    const match = /<<'(\w+)'\n([\s\S]*?)^\1$/m.exec(text);
    expect(match).not.toBeNull();
    return match?.[2] ?? '';
  }

  it('adds the repository and installs the chart with the values on stdin', () => {
    const install = { ...newInstall(prometheus), values: { prometheusURL: 'http://prom:9090' } };
    const text = helmCommands(prometheus, install);
    expect(text).toContain('helm repo add flanksource https://flanksource.github.io/charts\n');
    expect(text).toContain('helm repo update\n');
    expect(text).toContain(
      'helm install mission-control-prometheus flanksource/mission-control-prometheus \\\n' +
        '  --namespace mission-control \\\n' +
        '  --create-namespace \\\n' +
        `  --version ${prometheus.version} \\\n` +
        "  --values - <<'VALUES'\n",
    );
    expect(parse(hereDoc(text))).toEqual({ prometheusURL: 'http://prom:9090' });
  });

  it('leaves out --values when there are none, and quotes a version range', () => {
    const text = helmCommands(prometheus, {
      ...newInstall(prometheus),
      version: '>=0.1.0 <0.2.0',
      values: {},
    });
    expect(text).not.toContain('--values');
    expect(text.trimEnd().endsWith("--version '>=0.1.0 <0.2.0'")).toBe(true);
  });

  it('keeps multi-line values whole, and picks a delimiter that no line of them is', () => {
    const values = { script: 'echo 1\nVALUES\necho 2\n' };
    const text = helmCommands(prometheus, { ...newInstall(prometheus), values });
    expect(parse(hereDoc(text))).toEqual(values);
    expect(hereDocDelimiter('a: 1\nVALUES\nVALUES_1\n')).toBe('VALUES_2');
  });

  it('quotes words a shell would split or expand', () => {
    expect(shellWord('flanksource/mission-control')).toBe('flanksource/mission-control');
    expect(shellWord("it's $HOME")).toBe(`'it'\\''s $HOME'`);
  });
});

describe('readValues', () => {
  it('reads a mapping, and empty text as no values', () => {
    expect(readValues('a: 1\nb: [x]\n')).toEqual({ ok: true, values: { a: 1, b: ['x'] } });
    expect(readValues('')).toEqual({ ok: true, values: {} });
    expect(readValues('# only a comment\n')).toEqual({ ok: true, values: {} });
  });

  it('refuses text that is not YAML or not a mapping', () => {
    expect(readValues('a: [1\n')).toEqual({ ok: false, error: VALUES_NOT_YAML });
    expect(readValues('- a\n- b\n')).toEqual({ ok: false, error: VALUES_NOT_MAP });
    expect(readValues('just text')).toEqual({ ok: false, error: VALUES_NOT_MAP });
  });

  it('round-trips the editor text', () => {
    const values = { topology: { name: 'cluster' }, list: [1, 2] };
    expect(readValues(valuesToYaml(values))).toEqual({ ok: true, values });
    expect(valuesToYaml({})).toBe('');
  });
});

describe('validateInstall', () => {
  it('requires every field and checks its format', () => {
    const ok = newInstall(prometheus);
    expect(validateInstall(ok)).toEqual({});
    expect(
      validateInstall({
        ...ok,
        name: ' ',
        namespace: 'Mission_Control',
        interval: 'often',
        version: '',
      }),
    ).toEqual({
      name: REQUIRED,
      namespace: NAME_FORMAT,
      interval: 'Use a duration such as 30m, 1h or 5m0s',
      version: REQUIRED,
    });
    expect(validateInstall({ ...ok, interval: '5m0s', version: '^1.0.0' })).toEqual({});
  });
});
