import { Flex, FlexItem } from '@patternfly/react-core';
import {
  CubesIcon,
  ExclamationTriangleIcon,
  HeartbeatIcon,
  MonitoringIcon,
  PlayIcon,
  TopologyIcon,
} from '@patternfly/react-icons';
import type { ComponentType, MouseEvent } from 'react';
import { Link } from 'react-router';
import { AvatarStack } from '../../components/AvatarStack/AvatarStack';
import { resourceHref } from './paths';

export interface PersonRef {
  id: string;
  name: string | null;
  avatar?: string | null;
  email?: string | null;
}

/** A person's avatar and name; nothing for no one. */
export function PersonCell({ person }: { person: PersonRef | null | undefined }) {
  if (!person) return null;
  const name = person.name || person.email || person.id;
  return (
    <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
      <FlexItem>
        <AvatarStack people={[{ id: person.id, name, avatar: person.avatar }]} />
      </FlexItem>
      <FlexItem>{name}</FlexItem>
    </Flex>
  );
}

type Icon = ComponentType;

const ICONS: Record<string, Icon> = {
  check: HeartbeatIcon,
  canary: MonitoringIcon,
  config: CubesIcon,
  component: TopologyIcon,
  incident: ExclamationTriangleIcon,
  playbook: PlayIcon,
};

/** Names of the kinds of resource, as a person reads them. */
export const RESOURCE_KIND_LABELS: Record<string, string> = {
  check: 'Health check',
  canary: 'Canary',
  config: 'Catalog',
  component: 'Component',
  incident: 'Incident',
  playbook: 'Playbook run',
};

export interface ResourceRef {
  id: string;
  name?: string | null;
  /** The config, check or component type (Kubernetes::Pod, http…). */
  type?: string | null;
}

/**
 * The resource a row is about: an icon for its kind, its name linked to where it is shown, and
 * its own type. A row may itself open a modal: following the link is not a row click.
 */
export function ResourceCell({
  kind,
  resource,
}: {
  kind: string | null | undefined;
  resource: ResourceRef | null | undefined;
}) {
  if (!resource) return null;
  const Icon = (kind && ICONS[kind]) || CubesIcon;
  const href = resourceHref(kind, resource.id);
  const name = resource.name || resource.id;
  const stop = (event: MouseEvent) => event.stopPropagation();
  const detail = resource.type || (kind ? RESOURCE_KIND_LABELS[kind] : undefined);
  return (
    <Flex
      spaceItems={{ default: 'spaceItemsSm' }}
      alignItems={{ default: 'alignItemsCenter' }}
      flexWrap={{ default: 'nowrap' }}
    >
      <FlexItem>
        {/* Decorative: the kind is named beside the name when the type does not say it. */}
        <Icon />
      </FlexItem>
      <FlexItem>
        {href ? (
          <Link to={href} onClick={stop}>
            {name}
          </Link>
        ) : (
          name
        )}
        {detail && (
          <span
            style={{
              marginLeft: 'var(--pf-t--global--spacer--sm)',
              color: 'var(--pf-t--global--text--color--subtle)',
              fontSize: 'var(--pf-t--global--font--size--sm)',
            }}
          >
            {detail}
          </span>
        )}
      </FlexItem>
    </Flex>
  );
}
