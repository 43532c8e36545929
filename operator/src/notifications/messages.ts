import { render, TemplateError } from '../playbooks/template.js';
import type { EventContext, RuleRow } from './types.js';

/**
 * Default title and markdown body per event family, each with a link back to the console and,
 * where the resource can be silenced, the link that opens a prefilled silence form.
 */
const DEFAULTS: Record<string, { title: string; body: string }> = {
  check: {
    title: 'Check {{ .check.name }} is {{ .new_state }}',
    body: [
      '**{{ .check.name }}** ({{ .check.type }}) in canary {{ .canary.namespace }}/{{ .canary.name }} is **{{ .new_state }}**.',
      '',
      '{{ .check_status.error }}{{ .check_status.message }}',
      '',
      '[Open in Vigil]({{ .permalink }})',
    ].join('\n'),
  },
  config: {
    title: '{{ .config.type }} {{ .config.name }}: {{ .source_event }}',
    body: [
      '**{{ .config.name }}** ({{ .config.type }}) — {{ .source_event }}.',
      '',
      'Health: {{ .config.health }} · Status: {{ .config.status }}',
      '',
      '[Open in Vigil]({{ .permalink }})',
    ].join('\n'),
  },
  component: {
    title: 'Component {{ .component.name }} is {{ .new_state }}',
    body: [
      '**{{ .component.name }}** ({{ .component.type }}) is **{{ .new_state }}**.',
      '',
      '{{ .component.status_reason }}',
      '',
      '[Open in Vigil]({{ .permalink }})',
    ].join('\n'),
  },
  incident: {
    title: '{{ .incident.incident_id }}: {{ .incident.title }} ({{ .source_event }})',
    body: [
      '**{{ .incident.incident_id }}: {{ .incident.title }}**',
      '',
      'Severity: {{ .incident.severity }} · Status: {{ .incident.status }}',
      '',
      '[Open in Vigil]({{ .permalink }})',
    ].join('\n'),
  },
  playbook: {
    title: 'Playbook {{ .playbook.name }}: {{ .source_event }}',
    body: [
      'Playbook **{{ .playbook.name }}**: {{ .source_event }}.',
      '',
      '[Open in Vigil]({{ .permalink }})',
    ].join('\n'),
  },
};

const SILENCE_LINE = '\n\n[Silence]({{ .silenceURL }})';

export interface Rendered {
  title: string;
  body: string;
}

/** The rule's title and template (or the defaults) rendered for the event; TemplateError if bad. */
export function renderMessage(
  rule: Pick<RuleRow, 'title' | 'template'>,
  ctx: EventContext,
): Rendered {
  const family = DEFAULTS[ctx.kind] ?? (DEFAULTS.config as { title: string; body: string });
  const vars = { vars: ctx.vars };
  const title = render(rule.title?.trim() ? rule.title : family.title, vars).trim();
  // A line whose values are empty (no error message) leaves no gap of blank lines behind.
  let body = render(rule.template?.trim() ? rule.template : family.body, vars)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const grouped = ctx.vars.groupedResources;
  if (Array.isArray(grouped) && grouped.length > 1 && !rule.template?.trim())
    body += `\n\nAlso affected (${grouped.length - 1}): ${grouped
      .slice(1)
      .map((g) => (g as { name: string }).name)
      .join(', ')}`;
  if (ctx.vars.silenceURL && !rule.template?.includes('silenceURL'))
    body += render(SILENCE_LINE, vars);
  return { title: title.replace(/\s+/g, ' '), body };
}

export { TemplateError };
