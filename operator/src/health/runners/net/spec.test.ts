import { describe, expect, it } from 'vitest';
import { SpecError, envValue, hasTest, onAbort, renderTemplate } from './spec.js';

describe('renderTemplate', () => {
  const vars = new Map([['a', '1']]);
  it('substitutes {{.x}} and {{ .x }}', () => {
    expect(renderTemplate('{{.a}}-{{ .a }}-{{- .a -}}', vars, 'body')).toBe('1-1-1');
  });
  it('rejects unknown names and other expressions', () => {
    expect(() => renderTemplate('{{ .b }}', vars, 'body')).toThrow(/not defined in env/);
    expect(() => renderTemplate('{{ upper .a }}', vars, 'body')).toThrow(/unsupported/);
  });
});

describe('onAbort', () => {
  it('fans one listener out to every subscriber, and unsubscribes', () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const offs = Array.from({ length: 20 }, (_, i) =>
      onAbort(controller.signal, () => calls.push(i)),
    );
    offs[3]?.();
    controller.abort();
    expect(calls).toHaveLength(19);
    expect(calls).not.toContain(3);
  });

  it('calls at once for an aborted signal', () => {
    let called = false;
    onAbort(AbortSignal.abort(), () => (called = true));
    expect(called).toBe(true);
  });
});

describe('spec fields', () => {
  it('reads EnvVar values and refuses unresolved valueFrom', () => {
    expect(envValue({ value: 'x' }, 'f')).toBe('x');
    expect(envValue('y', 'f')).toBe('y');
    expect(() => envValue({ valueFrom: { secretKeyRef: {} } }, 'password')).toThrow(SpecError);
  });

  it('knows when a check has a test', () => {
    expect(hasTest({ test: { expr: 'code == 200' } })).toBe(true);
    expect(hasTest({ test: { expr: '' } })).toBe(false);
    expect(hasTest({})).toBe(false);
  });
});
