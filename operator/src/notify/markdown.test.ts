import { describe, expect, it } from 'vitest';
import { chunks, toChatHtml, toHtml, toSlack, toText, truncate } from './markdown.js';

const md = [
  '## Disk full',
  '*db-1* is at **95%** <now> & ~~rising~~ — see [the dashboard](https://grafana.example.com/d?a=1&b=2)',
  '',
  '- check `df -h`',
  '- snake_case_names stay',
  '1. first',
  '```',
  'du -sh /var/*',
  '<pre>',
  '```',
].join('\n');

describe('markdown conversion', () => {
  it('writes Slack mrkdwn: *bold*, _italic_, ~strike~, <url|text>, & < > escaped', () => {
    expect(toSlack(md)).toBe(
      [
        '*Disk full*',
        '_db-1_ is at *95%* &lt;now&gt; &amp; ~rising~ — see <https://grafana.example.com/d?a=1&amp;b=2|the dashboard>',
        '',
        '• check `df -h`',
        '• snake_case_names stay',
        '1. first',
        '```du -sh /var/*\n&lt;pre&gt;```',
      ].join('\n'),
    );
  });

  it("writes chat HTML (Telegram's tags), and leaves code out for Pushover", () => {
    expect(toChatHtml(md)).toBe(
      [
        '<b>Disk full</b>',
        '<i>db-1</i> is at <b>95%</b> &lt;now&gt; &amp; <s>rising</s> — see <a href="https://grafana.example.com/d?a=1&amp;b=2">the dashboard</a>',
        '',
        '• check <code>df -h</code>',
        '• snake_case_names stay',
        '1. first',
        '<pre>du -sh /var/*\n&lt;pre&gt;</pre>',
      ].join('\n'),
    );
    expect(toChatHtml('`x` and ~~y~~', { code: false })).toBe('x and y');
  });

  it('writes an HTML body for e-mail: headings, paragraphs, lists, code blocks', () => {
    expect(toHtml(md)).toBe(
      [
        '<h3>Disk full</h3>',
        '<p><em>db-1</em> is at <strong>95%</strong> &lt;now&gt; &amp; <del>rising</del> — see <a href="https://grafana.example.com/d?a=1&amp;b=2">the dashboard</a></p>',
        '<ul><li>check <code>df -h</code></li><li>snake_case_names stay</li></ul>',
        '<ol><li>first</li></ol>',
        '<pre><code>du -sh /var/*\n&lt;pre&gt;</code></pre>',
      ].join('\n'),
    );
    expect(toHtml('one\ntwo\n\nthree')).toBe('<p>one<br>\ntwo</p>\n<p>three</p>');
  });

  it('takes the marks it uses inside out of the text', () => {
    expect(toSlack('`\uE0000\uE001` and \uE0001\uE001')).toBe('`0` and 1');
  });

  it('writes plain text with links spelled out', () => {
    expect(toText('**a** [b](https://x.example)')).toBe('a b (https://x.example)');
  });

  it('cuts long texts: truncate with an ellipsis, chunks at line ends', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(chunks('aaaa\nbbbb\ncc', 9)).toEqual(['aaaa\nbbbb', 'cc']);
    expect(chunks('x'.repeat(10), 4)).toEqual(['xxxx', 'xxxx', 'xx']);
  });
});
