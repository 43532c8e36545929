import { describe, expect, it } from 'vitest';
import { newScraperDoc, scraperToYaml, validateScraper, yamlToScraper } from './scraperDocument';
import { CUSTOM, detectScraperType, scraperTypes } from './scraperTypes';

const type = (label: string) => scraperTypes().find((t) => t.label === label);

describe('scraper types and documents', () => {
  it('offers the scraper types of the spec, with keys and fields from the ScrapeConfig schema', () => {
    expect(scraperTypes().map((t) => t.label)).toEqual([
      'AWS',
      'Azure',
      'Azure DevOps',
      'File',
      'GitHub Actions',
      'HTTP',
      'Kubernetes',
      'Kubernetes File',
      'SQL',
      'Trivy',
      'Custom',
    ]);
    expect(type('Azure DevOps')?.key).toBe('azureDevops');
    const kubernetes = type('Kubernetes');
    const field = (name: string) => kubernetes?.fields.find((f) => f.path[0] === name);
    expect(field('clusterName')).toMatchObject({
      kind: 'text',
      label: 'Cluster Name',
      required: true,
    });
    expect(field('maxInFlight')).toMatchObject({ kind: 'number' });
    expect(field('useCache')).toMatchObject({ kind: 'bool' });
    expect(field('watch')).toMatchObject({ kind: 'yaml' });
    expect(field('labels')).toMatchObject({ kind: 'map' });
    expect(type('SQL')?.fields.find((f) => f.path[0] === 'query')).toMatchObject({
      kind: 'textarea',
      required: true,
    });
  });

  it('edits a spec of one offered kind with its form, anything else as YAML', () => {
    expect(detectScraperType({ kubernetes: [{ clusterName: 'a' }] }).label).toBe('Kubernetes');
    expect(detectScraperType({ exec: [{ script: 'x' }] }).label).toBe(CUSTOM);
    expect(detectScraperType({ file: [{}], sql: [{}] }).label).toBe(CUSTOM);
    expect(detectScraperType({}).label).toBe(CUSTOM);
  });

  it('validates the name and the spec against the schema', () => {
    const kubernetes = type('Kubernetes');
    if (!kubernetes) throw new Error('no Kubernetes type');
    const doc = newScraperDoc(kubernetes);
    expect(validateScraper(doc)).toEqual({
      name: 'This field is required',
      'spec.kubernetes.0.clusterName': 'This field is required',
    });
    expect(
      validateScraper({
        name: 'k8s',
        spec: { kubernetes: [{ clusterName: 'prod', maxInflight: 'x' }] },
      }),
    ).toEqual({ 'spec.kubernetes.0.maxInflight': expect.any(String) as string });
  });

  it('reads and writes YAML, and takes a pasted ScrapeConfig', () => {
    const doc = { name: 'files', spec: { schedule: '@every 1h', file: [{ paths: ['a.json'] }] } };
    expect(yamlToScraper(scraperToYaml(doc))).toEqual(doc);
    expect(
      yamlToScraper(
        'apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: x\nspec:\n  file: []\n',
      ),
    ).toEqual({ name: 'x', spec: { file: [] } });
    expect(yamlToScraper('spec: [1')).toBeUndefined();
    expect(yamlToScraper('spec: 3')).toBeUndefined();
  });
});
