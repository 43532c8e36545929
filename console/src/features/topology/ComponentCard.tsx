import {
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  Label,
} from '@patternfly/react-core';
import { Link, useLocation } from 'react-router';
import { StatusDot } from '../../components/StatusDot/StatusDot';
import { CardActions } from './CardActions';
import { cardWidth } from './cardSize';
import { childPreview, sortedChildren } from './children';
import { ComponentIcon } from './ComponentIcon';
import { cardBorderColor, displayName, healthLabelColor, healthOf } from './health';
import { topologyHref } from './links';
import { headlineProperties } from './properties';
import type { TopologyComponent } from './types';

export interface ComponentCardProps {
  component: TopologyComponent;
  /** The slider's width when the user chose one; else the component's named size. */
  chosenWidth: number | undefined;
  /** The component the page is zoomed into: links down from it carry it as refererId. */
  refererId?: string;
  /**
   * 'dashboard' links to the component and offers its actions; 'public' (/view/topology/{id},
   * embedded in other pages) is read-only: no links, no menu.
   */
  variant?: 'dashboard' | 'public';
}

/** One component: name, type, health, headline properties and its children (spec 002 §2). */
export function ComponentCard({
  component,
  chosenWidth,
  refererId,
  variant = 'dashboard',
}: ComponentCardProps) {
  const { search } = useLocation();
  const isPublic = variant === 'public';
  const name = displayName(component);
  const health = healthOf(component);
  const border = cardBorderColor(component);
  const href = topologyHref(component.id, search, { refererId });
  const headlines = headlineProperties(component);
  const isCurrent = refererId === component.id;

  return (
    <Card
      component="article"
      aria-label={name}
      isCompact
      data-health={health}
      style={{
        width: cardWidth(component, chosenWidth),
        maxWidth: '100%',
        ...(border ? { border: `2px solid ${border}` } : {}),
      }}
    >
      <CardHeader
        actions={
          isPublic
            ? undefined
            : {
                actions: (
                  <CardActions component={component} zoomInHref={isCurrent ? undefined : href} />
                ),
                hasNoOffset: true,
              }
        }
      >
        <CardTitle>{isPublic || isCurrent ? name : <Link to={href}>{name}</Link>}</CardTitle>
        <Flex
          alignItems={{ default: 'alignItemsCenter' }}
          gap={{ default: 'gapSm' }}
          style={{ marginTop: 4 }}
        >
          {isPublic ? (
            <span>
              <ComponentIcon component={component} /> {component.type}
            </span>
          ) : (
            <TypeLink component={component} search={search} />
          )}
          <Label isCompact color={healthLabelColor(component)}>
            {health}
          </Label>
        </Flex>
      </CardHeader>
      <CardBody>
        {component.status_reason && (
          <p style={{ marginBottom: 8 }} title="Status reason">
            {component.status_reason}
          </p>
        )}
        {headlines.length > 0 && (
          <DescriptionList isCompact isHorizontal aria-label={`Properties of ${name}`}>
            {headlines.map((headline) => (
              <DescriptionListGroup key={headline.label}>
                <DescriptionListTerm>{headline.label}</DescriptionListTerm>
                <DescriptionListDescription>{headline.value}</DescriptionListDescription>
              </DescriptionListGroup>
            ))}
          </DescriptionList>
        )}
        <ChildList parent={component} parentHref={href} search={search} isPublic={isPublic} />
      </CardBody>
    </Card>
  );
}

/** The type icon: shows every component of this type (spec 002: /topology?type={type}). */
function TypeLink({ component, search }: { component: TopologyComponent; search: string }) {
  if (!component.type) return <ComponentIcon component={component} />;
  return (
    <Link
      to={topologyHref(undefined, search, { type: component.type })}
      title={`Show all ${component.type} components`}
      aria-label={`Show all ${component.type} components`}
    >
      <ComponentIcon component={component} /> {component.type}
    </Link>
  );
}

interface ChildListProps {
  parent: TopologyComponent;
  parentHref: string;
  search: string;
  isPublic: boolean;
}

function ChildList({ parent, parentHref, search, isPublic }: ChildListProps) {
  const { shown, more } = childPreview(sortedChildren(parent));
  if (shown.length === 0) return null;
  return (
    <ul
      aria-label={`Children of ${displayName(parent)}`}
      style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}
    >
      {shown.map((child) => (
        <li key={child.id}>
          <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapSm' }}>
            <StatusDot status={healthOf(child)} />
            {isPublic ? (
              <span>{displayName(child)}</span>
            ) : (
              <Link to={topologyHref(child.id, search, { refererId: parent.id })}>
                {displayName(child)}
              </Link>
            )}
          </Flex>
        </li>
      ))}
      {more > 0 && (
        <li>{isPublic ? `+${more} more` : <Link to={parentHref}>{`+${more} more`}</Link>}</li>
      )}
    </ul>
  );
}
