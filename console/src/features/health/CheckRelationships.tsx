import { EmptyState, List, ListItem, Stack, StackItem, Title } from '@patternfly/react-core';
import { Link } from 'react-router';
import { StatusDot } from '../../components/StatusDot/StatusDot';
import type { CheckDetail } from './types';

export const NO_RESOURCES_TEXT = 'No resources found';

/** Components link to /topology/{id}, config items to /catalog/{id}. */
export function CheckRelationships({ check }: { check: CheckDetail | undefined }) {
  const components = check?.relationships?.components ?? [];
  const configs = check?.relationships?.configs ?? [];
  if (components.length === 0 && configs.length === 0) {
    return <EmptyState variant="sm" titleText={NO_RESOURCES_TEXT} headingLevel="h4" />;
  }
  return (
    <Stack hasGutter>
      {components.length > 0 && (
        <StackItem>
          <Title headingLevel="h3" size="md">
            Components
          </Title>
          <List isPlain aria-label="Components">
            {components.map((c) => (
              <ListItem key={c.id}>
                <StatusDot status={c.health ?? c.status} />{' '}
                <Link to={`/topology/${encodeURIComponent(c.id)}`}>{c.name}</Link>
                {c.type && <span style={{ marginLeft: '0.5rem' }}>({c.type})</span>}
              </ListItem>
            ))}
          </List>
        </StackItem>
      )}
      {configs.length > 0 && (
        <StackItem>
          <Title headingLevel="h3" size="md">
            Configs
          </Title>
          <List isPlain aria-label="Configs">
            {configs.map((c) => (
              <ListItem key={c.id}>
                <StatusDot status={c.health ?? c.status} />{' '}
                <Link to={`/catalog/${encodeURIComponent(c.id)}`}>{c.name}</Link>
                {c.type && <span style={{ marginLeft: '0.5rem' }}>({c.type})</span>}
              </ListItem>
            ))}
          </List>
        </StackItem>
      )}
    </Stack>
  );
}
