import { describe, expect, it } from 'vitest';
import { render, renderDeep, TemplateError } from './template.js';

const vars = {
  config: {
    name: 'web',
    tags: { namespace: 'prod', 'app.kubernetes.io/name': 'web' },
    spec: { replicas: 3 },
  },
  params: { replicas: '5' },
};
const actions = [
  { name: 'scale', status: 'completed', result: { stdout: 'scaled\n', exitCode: 0 } },
  { name: 'check', status: 'failed', result: { stdout: '' }, error: 'boom' },
];

describe('playbook templates', () => {
  it('reads paths in {{ }} and $( )', () => {
    expect(
      render('kubectl scale deploy/{{.config.name}} --replicas=$(.params.replicas)', { vars }),
    ).toBe('kubectl scale deploy/web --replicas=5');
  });

  it('leaves shell command substitution alone', () => {
    expect(render('echo $(date) $(.config.name) $( whoami )', { vars })).toBe(
      'echo $(date) web $( whoami )',
    );
  });

  it('renders objects as JSON and missing values as nothing', () => {
    expect(render('{{ .config.spec }}|{{ .config.nope.deeper }}|', { vars })).toBe(
      '{"replicas":3}||',
    );
  });

  it('reads earlier actions with getAction and getLastAction', () => {
    const ctx = { vars, actions };
    expect(render('{{ (getAction "scale").result.stdout | trim }}', ctx)).toBe('scaled');
    expect(render('{{ getLastAction.error }}', ctx)).toBe('boom');
    expect(render('$(getAction "scale")', ctx)).toContain('"exitCode":0');
  });

  it('supports index, default and a few helpers', () => {
    expect(render('{{ index .config.tags "app.kubernetes.io/name" }}', { vars })).toBe('web');
    expect(render('{{ .params.missing | default "none" }}', { vars })).toBe('none');
    expect(render('{{ .config.name | upper | quote }}', { vars })).toBe('"WEB"');
    expect(render('{{ .config.spec | toJSON }}', { vars })).toBe('{"replicas":3}');
  });

  it('refuses what it cannot read, naming it', () => {
    expect(() => render('{{ if .x }}', { vars })).toThrow(TemplateError);
    expect(() => render('{{ getAction "nope" }}', { vars, actions })).toThrow(
      /no earlier action named "nope"/,
    );
  });

  it('walks objects and arrays', () => {
    expect(
      renderDeep({ url: 'http://x/{{.config.name}}', list: ['$(.params.replicas)', 3] }, { vars }),
    ).toEqual({
      url: 'http://x/web',
      list: ['5', 3],
    });
  });
});
