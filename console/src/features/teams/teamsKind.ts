import type { SettingsKind } from '../settings/kind';
import { TeamForm } from './TeamForm';
import { TeamMembers } from './TeamMembers';
import { validateTeam } from './teamDocument';

/**
 * /settings/teams on the generic shell (spec 001 "Spec editors": Teams have Spec, Members and
 * Job History). teams and team_members are guarded by `database` (operator exposure.ts).
 */
export const TEAMS: SettingsKind = {
  table: 'teams',
  view: 'teams_with_status',
  title: 'Teams',
  singular: 'Team',
  feature: 'settings.teams',
  object: 'database',
  fields: ['icon'],
  jobResourceType: 'team',
  Form: TeamForm,
  validate: validateTeam,
  manage: { title: 'Members', Panel: TeamMembers },
};
