import { describe, expect, it } from 'vitest';
import { expandScript, runScript, scriptVariables, type ScriptSubject } from './scripts.js';

const now = new Date('2025-01-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

function subject(type: string, targets: ScriptSubject['targets']): ScriptSubject {
  return { evidence: { id: 'e1', type }, targets };
}
const run = (script: string, s: ScriptSubject) => runScript(script, scriptVariables(s, now));

describe('definition-of-done scripts', () => {
  it('expands the wizard default scripts by name, whatever the case and spacing', () => {
    expect(expandScript('  Check healthy and  age over 5m ')).toBe(
      `check.status == 'healthy' && check.age > duration('5m')`,
    );
    expect(expandScript('analysis resolved')).toBe(`analysis.status == 'resolved'`);
    expect(expandScript(` status == 'healthy' `)).toBe(`status == 'healthy'`);
  });

  it("puts the main target's fields at the top: the topology shortcut reads the component", () => {
    const s = subject('topology', {
      check: { status: 'unhealthy' },
      component: { status: 'healthy', name: 'api' },
    });
    expect(run(`status == 'healthy'`, s)).toEqual({ done: true, result: 'true' });
    expect(run(`check.status == 'healthy'`, s)).toEqual({ done: false, result: 'false' });
  });

  it("measures a check's age from its last status change", () => {
    const young = subject('check', {
      check: { status: 'healthy', last_transition_time: minutesAgo(4) },
    });
    const old = subject('check', {
      check: { status: 'healthy', last_transition_time: minutesAgo(6) },
    });
    const script = 'check healthy and age over 5m';
    expect(run(script, young)).toEqual({ done: false, result: 'false' });
    expect(run(script, old)).toEqual({ done: true, result: 'true' });
    expect(run(`now - check.last_transition_time < duration('5m')`, young)).toMatchObject({
      done: true,
    });
  });

  it('answers an error for a script that does not parse, fails, or is not a boolean', () => {
    const s = subject('check', { check: { status: 'healthy' } });
    expect(run(`check.status ==`, s)).toEqual({ error: expect.any(String) });
    expect(run(`analysis.status == 'resolved'`, s)).toEqual({
      error: expect.stringContaining('analysis'),
    });
    expect(run(`check.status`, s)).toEqual({
      error: 'the script must answer true or false, not "healthy"',
    });
  });
});
