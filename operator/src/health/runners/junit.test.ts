import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../db/pool.js';
import type { CheckSpec, RunContext } from '../types.js';
import { junitRunner, junitSuites, parseXml, type JUnitSuite } from './junit.js';

function ctx(): RunContext {
  return {
    canary: { id: 'c1', name: 'canary', namespace: 'default', labels: {} },
    check: { id: 'k1', name: 'junit', type: 'junit' },
    signal: new AbortController().signal,
    pool: {} as Pool,
    connection: () => Promise.resolve(undefined),
  };
}

const API = `<?xml version="1.0" encoding="UTF-8"?>
<!-- written by a test runner -->
<testsuites name="all" tests="3">
  <testsuite name="api" tests="3" failures="1" skipped="1" time="1.5">
    <properties><property name="env" value="ci"/></properties>
    <testcase name="lists users" classname="api.Users" time="0.5"/>
    <testcase name="creates a user" classname="api.Users" time="1.0">
      <failure message="expected 201, got 500" type="AssertionError">at users.test.ts:12
expected &lt;201&gt; &amp; got 500</failure>
    </testcase>
    <testcase name="deletes a user" classname="api.Users"><skipped message="flaky"/></testcase>
  </testsuite>
</testsuites>
`;

const UI = `<testsuite name='ui' time='2'>
  <testcase name="renders &quot;home&quot;" classname="ui.Home" time="2">
    <error message="browser crashed">Error: Target closed</error>
    <system-out><![CDATA[<html> & logs]]></system-out>
    <system-err>warning: slow</system-err>
    <properties><property name="browser" value="chromium"/></properties>
  </testcase>
</testsuite>`;

const GREEN = `<testsuite name="green"><testcase name="ok" classname="g" time="0.25"/><testcase name="ok2" classname="g" time="0.25"/></testsuite>`;

type Results = {
  passed: number;
  failed: number;
  skipped: number;
  error: number;
  duration: number;
  suites: JUnitSuite[];
};

describe('XML reader', () => {
  it('reads elements, both quotes, entities, CDATA, comments and a DOCTYPE', () => {
    const doc = parseXml(
      `\ufeff<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "y">]><r a='1 > 0' b="&#65;&#x42;&apos;"><!-- c --><k>t &lt;1&gt;<![CDATA[ <raw> ]]></k><e/></r>`,
    );
    expect(doc.name).toBe('r');
    expect(doc.attrs).toEqual({ a: '1 > 0', b: "AB'" });
    expect(doc.children.map((c) => c.name)).toEqual(['k', 'e']);
    expect(doc.children[0]?.text).toBe('t <1> <raw> ');
  });

  it('names the line of a broken document', () => {
    expect(() => parseXml('<a>\n<b>\n</a>')).toThrow('</a> does not close <b> (line 3)');
    expect(() => parseXml('<a><b></b>')).toThrow('<a> is never closed');
    expect(() => parseXml('<a x=1/>')).toThrow('an unquoted attribute value in <a> (line 1)');
    expect(() => parseXml('just text')).toThrow('text outside the root element');
    expect(() => junitSuites(parseXml('<html/>'))).toThrow(
      'the root element is <html>, not <testsuites> or <testsuite>',
    );
  });
});

describe('junit runner', () => {
  let dir: string;
  const write = (rel: string, text: string) => {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-junit-test-'));
    write('red/api.xml', API);
    write('red/ui.xml', UI);
    write('red/notes.txt', 'not a result file');
    write('green/a.xml', GREEN);
    write('green/nested/b.xml', GREEN.replace('green', 'green-nested'));
    write('broken/x.xml', '<testsuite name="x"><testcase name="a"></testsuite>');
    fs.mkdirSync(path.join(dir, 'empty'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = async (spec: CheckSpec) => {
    const results = await junitRunner(spec, ctx());
    expect(results).toHaveLength(1);
    return results[0];
  };

  it('counts results across files and fails on failures and errors', async () => {
    const r = await run({ testResults: path.join(dir, 'red') });
    expect(r?.pass).toBe(false);
    expect(r?.message).toBe('1 passed, 1 failed, 1 skipped, 1 errors');
    expect(r?.error).toBe(
      '1 passed, 1 failed, 1 skipped, 1 errors: api.Users.creates a user, ui.Home.renders "home"',
    );
    const res = r?.data?.results as Results;
    expect(res).toMatchObject({ passed: 1, failed: 1, skipped: 1, error: 1, duration: 3500 });
    expect(res.suites.map((s) => [s.name, s.duration, s.tests.length])).toEqual([
      ['api', 1500, 3],
      ['ui', 2000, 1],
    ]);
    expect(res.suites[0]?.tests[1]).toEqual({
      name: 'creates a user',
      classname: 'api.Users',
      duration: 1000,
      status: 'failed',
      message: 'expected 201, got 500',
      error: 'at users.test.ts:12\nexpected <201> & got 500',
    });
    expect(res.suites[0]?.tests[2]).toMatchObject({ status: 'skipped', message: 'flaky' });
    expect(res.suites[1]?.tests[0]).toEqual({
      name: 'renders "home"',
      classname: 'ui.Home',
      duration: 2000,
      status: 'error',
      message: 'browser crashed',
      error: 'Error: Target closed',
      properties: { browser: 'chromium' },
      stdout: '<html> & logs',
      stderr: 'warning: slow',
    });
  });

  it('passes when every test passed; a folder means its own *.xml files', async () => {
    const r = await run({ testResults: path.join(dir, 'green') });
    expect(r?.pass).toBe(true);
    expect(r?.error).toBeUndefined();
    expect(r?.data?.results).toMatchObject({ passed: 2, failed: 0, duration: 500 });
  });

  it('takes a glob', async () => {
    const r = await run({ testResults: path.join(dir, 'green', '**', '*.xml') });
    expect(r?.pass).toBe(true);
    const res = r?.data?.results as Results;
    expect(res.suites.map((s) => s.name)).toEqual(['green', 'green-nested']);
    expect(res.passed).toBe(4);
  });

  it('fails when there are no result files', async () => {
    for (const where of [path.join(dir, 'empty'), path.join(dir, 'missing')]) {
      const r = await run({ testResults: where });
      expect(r?.pass).toBe(false);
      expect(r?.error).toBe(`no JUnit result files in ${where}`);
    }
  });

  it('fails naming a file that cannot be read', async () => {
    const r = await run({ testResults: path.join(dir, 'broken') });
    expect(r?.pass).toBe(false);
    expect(r?.error).toBe(
      `cannot read ${path.join(dir, 'broken', 'x.xml')}: </testsuite> does not close <testcase> (line 1)`,
    );
  });

  it('does not run test pods yet', async () => {
    const r = await run({
      testResults: path.join(dir, 'green'),
      spec: { containers: [{ name: 't', image: 'tests' }] },
    });
    expect(r).toMatchObject({
      invalid: true,
      error:
        'running a test pod (spec) is not supported yet: remove spec to read the JUnit files already in testResults',
    });
  });

  it('needs testResults', async () => {
    expect(await run({})).toMatchObject({
      invalid: true,
      error: 'junit check needs testResults: the folder (or glob) holding the JUnit XML files',
    });
  });
});
