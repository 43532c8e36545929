import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  FlexItem,
  Label,
  LabelGroup,
} from '@patternfly/react-core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hasGrant } from '../../../app/access';
import { useSession } from '../../../app/session';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { CardActions } from '../CardActions';
import { displayName, healthLabelColor, healthOf } from '../health';
import { topologySpecHref } from '../links';
import { propertyValue } from '../properties';
import type { TopologyComponent } from '../types';

/** Labels as shown: the namespace label is pulled out into its own line (spec 002 §3). */
export function splitLabels(labels: TopologyComponent['labels']) {
  const entries = Object.entries(labels ?? {}).filter(([, v]) => typeof v === 'string');
  return {
    namespace: entries.find(([k]) => k === 'namespace')?.[1],
    others: entries.filter(([k]) => k !== 'namespace'),
  };
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <DescriptionListGroup>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription>{children}</DescriptionListDescription>
    </DescriptionListGroup>
  );
}

/** The component itself, from the topology call, with the card's actions but Zoom In. */
export function DetailsPanel({ component }: { component: TopologyComponent }) {
  const { whoami } = useSession();
  const { namespace, others } = splitLabels(component.labels);
  const properties = (component.properties ?? []).flatMap((p) => {
    const label = p?.label?.trim() || p?.name?.trim();
    const value = p ? propertyValue(p) : '';
    return label && value ? [{ label, value }] : [];
  });
  const teams = component.team_names ?? [];
  return (
    <>
      <Flex alignItems={{ default: 'alignItemsCenter' }} style={{ marginBottom: 8 }}>
        <FlexItem grow={{ default: 'grow' }}>
          <strong>{displayName(component)}</strong>{' '}
          <Label isCompact color={healthLabelColor(component)}>
            {healthOf(component)}
          </Label>
        </FlexItem>
        <FlexItem>
          <CardActions component={component} />
        </FlexItem>
      </Flex>
      {component.status_reason && <p style={{ marginBottom: 8 }}>{component.status_reason}</p>}
      <DescriptionList isCompact isHorizontal aria-label={`Details of ${displayName(component)}`}>
        <Item term="Type">{component.type}</Item>
        <Item term="Namespace">{namespace}</Item>
        <Item term="Owner">{component.owner}</Item>
        <Item term="Teams">{teams.length > 0 ? teams.join(', ') : undefined}</Item>
        <Item term="Labels">
          {others.length > 0 ? (
            <LabelGroup numLabels={5}>
              {others.map(([k, v]) => (
                <Label key={k} isCompact>{`${k}: ${v}`}</Label>
              ))}
            </LabelGroup>
          ) : undefined}
        </Item>
        {properties.map((p) => (
          <Item key={p.label} term={p.label}>
            {p.value}
          </Item>
        ))}
        <Item term="Created">
          {component.created_at ? <TimeAgo at={component.created_at} /> : undefined}
        </Item>
        <Item term="Updated">
          {component.updated_at ? <TimeAgo at={component.updated_at} /> : undefined}
        </Item>
        <Item term="Topology">
          {component.topology_id && hasGrant(whoami, 'topologies', 'read') ? (
            <Link to={topologySpecHref(component.topology_id)}>Edit topology spec</Link>
          ) : undefined}
        </Item>
      </DescriptionList>
    </>
  );
}
