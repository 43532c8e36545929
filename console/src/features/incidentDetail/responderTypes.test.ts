import { describe, expect, it } from 'vitest';
import {
  choicesOf,
  fillTemplate,
  instanceForTeam,
  jiraChoices,
  plannerChoices,
  responderKind,
  teamResponderTypes,
} from './responderTypes';
import { JIRA_INSTANCES, SRE } from './testData';

describe('responder types', () => {
  it('lists only the kinds the team configured, in the list order', () => {
    expect(teamResponderTypes(SRE).map((t) => [t.value, t.key])).toEqual([
      ['email', 'email'],
      ['jira', 'jira'],
    ]);
    const spelled = {
      ...SRE,
      spec: { responder_clients: { MSPlanner: {}, ServiceNow: {}, bogus: {} } },
    };
    expect(teamResponderTypes(spelled).map((t) => t.label)).toEqual([
      'ServiceNow',
      'Microsoft Planner',
    ]);
    expect(teamResponderTypes(undefined)).toEqual([]);
    expect(responderKind('Jira')).toBe('jira');
  });

  it('fills {{ .incident.x }} and <%= incident.x %> templates', () => {
    const data = { incident: { title: 'API down', incident_id: 'INC-7' } };
    expect(fillTemplate('[{{ .incident.incident_id }}] {{incident.title}}', data)).toBe(
      '[INC-7] API down',
    );
    expect(fillTemplate('<%= incident.title %>!{{ .missing.x }}', data)).toBe('API down!');
  });

  it("picks the instance whose external id names the team's id", () => {
    expect(instanceForTeam(JIRA_INSTANCES, 'team-sre')?.id).toBe('jira-sre');
    expect(instanceForTeam(JIRA_INSTANCES, 'team-none')).toBeUndefined();
    expect(instanceForTeam([{ external_id: 'a/team-sre' }], 'team-sre')).toBeDefined();
  });

  it('cascades Jira projects to their issue types', () => {
    const config = JIRA_INSTANCES[1]?.config;
    expect(jiraChoices(config, '').projects.map((p) => p.value)).toEqual(['OPS', 'DEV']);
    expect(jiraChoices(config, '').issueTypes).toEqual([]);
    expect(jiraChoices(config, 'DEV').issueTypes.map((t) => t.value)).toEqual(['Story']);
    expect(jiraChoices(config, 'OPS').priorities.map((t) => t.value)).toEqual(['High', 'Low']);
  });

  it('cascades Planner plans to their buckets', () => {
    const config = { plans: [{ id: 'p1', name: 'Ops', buckets: [{ id: 'b1', name: 'Todo' }] }] };
    expect(plannerChoices(config, '').plans).toEqual([{ value: 'p1', label: 'Ops' }]);
    expect(plannerChoices(config, 'p1').buckets).toEqual([{ value: 'b1', label: 'Todo' }]);
    expect(choicesOf(['a', { name: 'b' }, 3])).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'b' },
    ]);
  });
});
