import fs from 'node:fs';
import path from 'node:path';
import { invalidResult, resultFrom, type CheckRunner } from '../types.js';
import { protectedBy, protectedMessage } from '../protectedPaths.js';
import { ListingError, listPath } from './folder.js';
import { errorText } from './sql.js';

/**
 * junit check. canary-checker runs a pod (`spec`) and reads the JUnit XML it writes; Vigil reads
 * result files already in a local folder instead (a check with a pod spec is invalid for now).
 * `testResults` is a directory (its `*.xml` files) or a glob (`/reports/**\/*.xml`).
 * `data.results` = {passed, failed, skipped, error, duration (ms, the suites' seconds × 1000),
 * suites [{name, duration, tests [{name, classname, duration (ms), status, message, error,
 * properties, stdout, stderr}]}]}. Fails if any test failed or errored, or when there are no
 * result files.
 */

const MAX_FILE = 64 * 1024 * 1024;
const MAX_TEXT = 64 * 1024;

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (whole, e: string) => {
    if (e.startsWith('#x')) return safeCodePoint(Number.parseInt(e.slice(2), 16)) ?? whole;
    if (e.startsWith('#')) return safeCodePoint(Number.parseInt(e.slice(1), 10)) ?? whole;
    return ENTITIES[e] ?? whole;
  });
}

function safeCodePoint(n: number): string | undefined {
  return Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

export class XmlError extends Error {}

/**
 * A small, forgiving-where-safe XML reader for result files: elements, attributes (either quote),
 * text, CDATA and entities; skips the declaration, processing instructions, comments and
 * DOCTYPE. Mismatched or unclosed tags are errors, with the line they were found on.
 */
export function parseXml(src: string): XmlNode {
  const s = src.charCodeAt(0) === 0xfeff ? src.slice(1) : src;
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  const line = (at: number) => s.slice(0, at).split('\n').length;
  const fail = (msg: string, at: number): never => {
    throw new XmlError(`${msg} (line ${line(at)})`);
  };
  const until = (token: string, from: number, what: string) => {
    const end = s.indexOf(token, from);
    if (end < 0) fail(`unterminated ${what}`, from);
    return end;
  };
  let i = 0;
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    const top = stack[stack.length - 1] as XmlNode;
    if (lt < 0 || lt > i) {
      const raw = s.slice(i, lt < 0 ? s.length : lt);
      if (stack.length > 1) top.text += decode(raw);
      else if (raw.trim()) fail('text outside the root element', i);
      if (lt < 0) break;
      i = lt;
      continue;
    }
    if (s.startsWith('<?', i)) {
      i = until('?>', i, 'processing instruction') + 2;
    } else if (s.startsWith('<!--', i)) {
      i = until('-->', i, 'comment') + 3;
    } else if (s.startsWith('<![CDATA[', i)) {
      const end = until(']]>', i, 'CDATA section');
      top.text += s.slice(i + 9, end);
      i = end + 3;
    } else if (s.startsWith('<!', i)) {
      // DOCTYPE, possibly with an internal subset in [ ].
      const bracket = s.indexOf('[', i);
      const close = s.indexOf('>', i);
      if (close < 0) fail('unterminated declaration', i);
      i = bracket >= 0 && bracket < close ? until(']>', bracket, 'DOCTYPE') + 2 : close + 1;
    } else if (s.startsWith('</', i)) {
      const end = until('>', i, 'closing tag');
      const name = s.slice(i + 2, end).trim();
      if (stack.length === 1 || top.name !== name)
        fail(`</${name}> does not close <${stack.length > 1 ? top.name : '(nothing)'}>`, i);
      stack.pop();
      i = end + 1;
    } else {
      // An opening tag; attribute values may hold '>' inside quotes.
      let j = i + 1;
      const nameMatch = /^[^\s/>]+/.exec(s.slice(j, j + 256));
      if (!nameMatch) fail('a tag without a name', i);
      const name = (nameMatch as RegExpExecArray)[0];
      j += name.length;
      const attrs: Record<string, string> = {};
      let selfClosing = false;
      for (;;) {
        while (j < s.length && /\s/.test(s[j] as string)) j++;
        if (j >= s.length) fail(`unterminated tag <${name}>`, i);
        if (s[j] === '>') {
          j++;
          break;
        }
        if (s.startsWith('/>', j)) {
          selfClosing = true;
          j += 2;
          break;
        }
        const attr = /^([^\s=/>]+)\s*=\s*/.exec(s.slice(j, j + 512));
        if (!attr) fail(`a malformed attribute in <${name}>`, j);
        j += (attr as RegExpExecArray)[0].length;
        const q = s[j];
        if (q !== '"' && q !== "'") fail(`an unquoted attribute value in <${name}>`, j);
        const end = until(q as string, j + 1, 'attribute value');
        attrs[(attr as RegExpExecArray)[1] as string] = decode(s.slice(j + 1, end));
        j = end + 1;
      }
      const node: XmlNode = { name, attrs, children: [], text: '' };
      if (stack.length === 1 && root.children.length > 0) fail('a second root element', i);
      top.children.push(node);
      if (!selfClosing) stack.push(node);
      i = j;
    }
  }
  if (stack.length > 1)
    fail(`<${(stack[stack.length - 1] as XmlNode).name}> is never closed`, s.length);
  const doc = root.children[0];
  if (!doc) throw new XmlError('no root element');
  return doc;
}

export interface JUnitTest {
  name: string;
  classname: string;
  duration: number;
  status: 'passed' | 'failed' | 'skipped' | 'error';
  message: string;
  error?: string;
  properties?: Record<string, string>;
  stdout?: string;
  stderr?: string;
}

export interface JUnitSuite {
  name: string;
  duration: number;
  tests: JUnitTest[];
}

const cap = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);
const seconds = (v: string | undefined) => {
  const n = Number.parseFloat((v ?? '').replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 ? n : 0;
};
const ms = (secs: number) => Math.round(secs * 1000);

function properties(node: XmlNode): Record<string, string> | undefined {
  const props = node.children.find((c) => c.name === 'properties');
  if (!props) return undefined;
  const out: Record<string, string> = {};
  for (const p of props.children)
    if (p.name === 'property' && p.attrs.name !== undefined)
      out[p.attrs.name] = p.attrs.value ?? p.text.trim();
  return out;
}

function testOf(tc: XmlNode): JUnitTest {
  const test: JUnitTest = {
    name: tc.attrs.name ?? '',
    classname: tc.attrs.classname ?? tc.attrs.class ?? '',
    duration: ms(seconds(tc.attrs.time)),
    status: 'passed',
    message: '',
  };
  for (const [tag, status] of [
    ['failure', 'failed'],
    ['error', 'error'],
    ['skipped', 'skipped'],
  ] as const) {
    const n = tc.children.find((c) => c.name === tag);
    if (!n) continue;
    test.status = status;
    const body = n.text.trim();
    test.message = cap(n.attrs.message ?? body.split('\n')[0] ?? '');
    if (body && status !== 'skipped') test.error = cap(body);
    break;
  }
  const props = properties(tc);
  if (props) test.properties = props;
  const out = tc.children.find((c) => c.name === 'system-out')?.text.trim();
  if (out) test.stdout = cap(out);
  const err = tc.children.find((c) => c.name === 'system-err')?.text.trim();
  if (err) test.stderr = cap(err);
  return test;
}

/** The suites of one JUnit document, `<testsuites>` or a single `<testsuite>`, nested or not. */
export function junitSuites(doc: XmlNode): JUnitSuite[] {
  if (doc.name !== 'testsuites' && doc.name !== 'testsuite')
    throw new XmlError(`the root element is <${doc.name}>, not <testsuites> or <testsuite>`);
  const suites: JUnitSuite[] = [];
  const visit = (n: XmlNode) => {
    if (n.name === 'testsuite') {
      const tests = n.children.filter((c) => c.name === 'testcase').map(testOf);
      if (tests.length > 0 || !n.children.some((c) => c.name === 'testsuite')) {
        const secs = n.attrs.time !== undefined ? seconds(n.attrs.time) : undefined;
        suites.push({
          name: n.attrs.name ?? '',
          duration: secs !== undefined ? ms(secs) : tests.reduce((a, t) => a + t.duration, 0),
          tests,
        });
      }
    }
    for (const c of n.children) if (c.name === 'testsuite') visit(c);
  };
  visit(doc);
  return suites;
}

export const junitRunner: CheckRunner = async (spec, ctx) => {
  const start = new Date();
  const where = typeof spec.testResults === 'string' ? spec.testResults.trim() : '';
  if (!where)
    return [
      invalidResult(
        start,
        'junit check needs testResults: the folder (or glob) holding the JUnit XML files',
      ),
    ];
  if (spec.spec !== undefined && spec.spec !== null)
    return [
      invalidResult(
        start,
        'running a test pod (spec) is not supported yet: remove spec to read the JUnit files already in testResults',
      ),
    ];
  const glob = /[*?[]/.test(where);
  let files: string[];
  try {
    const listing = await listPath(glob ? where : path.join(where, '*.xml'), {
      signal: ctx.signal,
    });
    files = listing.entries.filter((e) => !e.is_dir).map((e) => e.path);
  } catch (err) {
    return [resultFrom(start, false, { error: errorText(err) })];
  }
  if (files.length === 0)
    return [resultFrom(start, false, { error: `no JUnit result files in ${where}` })];

  const suites: JUnitSuite[] = [];
  for (const file of files) {
    if (ctx.signal.aborted) return [resultFrom(start, false, { error: 'the run was cancelled' })];
    try {
      const st = await fs.promises.stat(file);
      if (st.size > MAX_FILE) throw new XmlError(`larger than ${MAX_FILE / 1024 / 1024} MiB`);
      // A file may be a link into Vigil's data: read nothing there.
      if (protectedBy(file)) throw new ListingError(protectedMessage(file));
      suites.push(...junitSuites(parseXml(await fs.promises.readFile(file, 'utf8'))));
    } catch (err) {
      return [resultFrom(start, false, { error: `cannot read ${file}: ${errorText(err)}` })];
    }
  }
  const tests = suites.flatMap((s) => s.tests);
  const count = (status: JUnitTest['status']) => tests.filter((t) => t.status === status).length;
  const results = {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    error: count('error'),
    duration: suites.reduce((a, s) => a + s.duration, 0),
    suites,
  };
  const message = `${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped, ${results.error} errors`;
  const data = { results };
  const bad = tests.filter((t) => t.status === 'failed' || t.status === 'error');
  if (bad.length > 0) {
    const names = bad.slice(0, 10).map((t) => (t.classname ? `${t.classname}.${t.name}` : t.name));
    const more = bad.length > names.length ? ` and ${bad.length - names.length} more` : '';
    return [
      resultFrom(start, false, { message, error: `${message}: ${names.join(', ')}${more}`, data }),
    ];
  }
  return [resultFrom(start, true, { message, data })];
};
