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
  Skeleton,
} from '@patternfly/react-core';
import { Link, useLocation } from 'react-router';
import { StatusDot } from '../../components/StatusDot/StatusDot';
import { CardActions } from './CardActions';
import { cardWidth } from './cardSize';
import { childPreview } from './children';
import { ComponentIcon } from './ComponentIcon';
import { cardBorderColor, displayName, healthLabelColor, healthOf } from './health';
import { logsHref, topologyHref } from './links';
import { headlineProperties } from './properties';
import type { ChildComponent, TopologyComponent } from './types';

export interface ComponentCardProps {
  component: TopologyComponent;
  /** Its children in card order; undefined while they load. */
  childComponents: readonly ChildComponent[] | undefined;
  /** The slider's width when the user chose one; else the component's named size. */
  chosenWidth: number | undefined;
  /** The component the page is zoomed into: links down from it carry it as refererId. */
  refererId: string | undefined;
  /** The page's own component: its card needs no Zoom In. */
  isCurrent?: boolean;
}

/** One component: name, type, health, headline properties and its children (spec 002 §2). */
export function ComponentCard({
  component,
  childComponents,
  chosenWidth,
  refererId,
  isCurrent = false,
}: ComponentCardProps) {
  const { search } = useLocation();
  const name = displayName(component);
  const health = healthOf(component);
  const border = cardBorderColor(component);
  const href = topologyHref(component.id, search, { refererId });
  const headlines = headlineProperties(component);

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
        actions={{
          actions: (
            <CardActions
              component={component}
              zoomInHref={isCurrent ? undefined : href}
              logsHref={logsHref(component.id)}
            />
          ),
          hasNoOffset: true,
        }}
      >
        <CardTitle>{isCurrent ? name : <Link to={href}>{name}</Link>}</CardTitle>
        <Flex
          alignItems={{ default: 'alignItemsCenter' }}
          gap={{ default: 'gapSm' }}
          style={{ marginTop: 4 }}
        >
          <TypeLink component={component} search={search} />
          <Label isCompact color={healthLabelColor(component)}>
            {health}
          </Label>
        </Flex>
      </CardHeader>
      <CardBody>
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
        <ChildList
          parent={component}
          parentName={name}
          childComponents={childComponents}
          parentHref={href}
          search={search}
        />
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
  parentName: string;
  childComponents: readonly ChildComponent[] | undefined;
  parentHref: string;
  search: string;
}

function ChildList({ parent, parentName, childComponents, parentHref, search }: ChildListProps) {
  if (childComponents === undefined) {
    return <Skeleton width="70%" screenreaderText={`Loading the children of ${parentName}`} />;
  }
  if (childComponents.length === 0) return null;
  const { shown, more } = childPreview(childComponents);
  return (
    <ul
      aria-label={`Children of ${parentName}`}
      style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}
    >
      {shown.map((child) => (
        <li key={child.id}>
          <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapSm' }}>
            <StatusDot status={healthOf(child)} />
            <Link to={topologyHref(child.id, search, { refererId: parent.id })}>
              {displayName(child)}
            </Link>
          </Flex>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Link to={parentHref}>{`+${more} more`}</Link>
        </li>
      )}
    </ul>
  );
}
