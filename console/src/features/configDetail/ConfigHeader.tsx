import { Breadcrumb, BreadcrumbItem, Flex, FlexItem, Label, Title } from '@patternfly/react-core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { catalogTypePath, configName, type ConfigDetail } from './model';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';

/**
 * A crumb that navigates inside the app instead of loading the page again. Breadcrumb hands each
 * child after the first `showDivider`; it must reach the BreadcrumbItem or the separator is lost.
 */
function CrumbLink({
  to,
  children,
  showDivider,
}: {
  to: string;
  children: ReactNode;
  showDivider?: boolean;
}) {
  return (
    <BreadcrumbItem
      showDivider={showDivider}
      render={({ className }) => (
        <Link to={to} className={className}>
          {children}
        </Link>
      )}
    />
  );
}

/** Catalog > type > name, the name as the page heading, and a Deleted marker (spec 002). */
export function ConfigHeader({ config, actions }: { config: ConfigDetail; actions?: ReactNode }) {
  const name = configName(config);
  return (
    <Flex direction={{ default: 'column' }} gap={{ default: 'gapSm' }}>
      <Breadcrumb>
        <CrumbLink to="/catalog">Catalog</CrumbLink>
        <CrumbLink to={catalogTypePath(config.type)}>{config.type}</CrumbLink>
        <BreadcrumbItem isActive>{name}</BreadcrumbItem>
      </Breadcrumb>
      <Flex
        justifyContent={{ default: 'justifyContentSpaceBetween' }}
        alignItems={{ default: 'alignItemsCenter' }}
      >
        <Flex gap={{ default: 'gapSm' }} alignItems={{ default: 'alignItemsCenter' }}>
          <FlexItem>
            <Title headingLevel="h1">{name}</Title>
          </FlexItem>
          {config.deleted_at && (
            <FlexItem>
              <Label color="red" isCompact>
                Deleted <TimeAgo at={config.deleted_at} />
              </Label>
            </FlexItem>
          )}
        </Flex>
        {actions && <FlexItem>{actions}</FlexItem>}
      </Flex>
    </Flex>
  );
}
