import {
  Alert,
  Breadcrumb,
  BreadcrumbItem,
  Bullseye,
  EmptyState,
  PageSection,
  Spinner,
} from '@patternfly/react-core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/settingsResource';
import { useToast } from '../Toast/useToast';

/** Spec 001 §8: a list or detail with nothing to show. */
export const NO_RESOURCES = 'No resources found';

/** A settings resource's list page, as the detail page's breadcrumb links back to it. */
export interface ResourceList {
  path: string;
  title: string;
}

/** The detail page's breadcrumb: the list, then this resource. */
export function SettingsCrumbs({ list, current }: { list: ResourceList; current: string }) {
  return (
    <Breadcrumb style={{ marginBottom: 16 }}>
      <BreadcrumbItem
        render={({ className }) => (
          <Link className={className} to={list.path}>
            {list.title}
          </Link>
        )}
      />
      <BreadcrumbItem isActive>{current}</BreadcrumbItem>
    </Breadcrumb>
  );
}

/**
 * A settings detail page while its row loads: a spinner, the load error, or "No resources found"
 * for an unknown or deleted id (spec 001 "Settings resources (generic)"); then the page itself.
 */
export function ResourceDetail<Row>(props: {
  list: ResourceList;
  id: string;
  row: Row | undefined;
  error: Error | undefined;
  isLoading: boolean;
  children: (row: Row) => ReactNode;
}) {
  const { list, id, row, error, isLoading } = props;
  if (isLoading) {
    return (
      <Bullseye style={{ minHeight: '40vh' }}>
        <Spinner aria-label="Loading" />
      </Bullseye>
    );
  }
  if (error) {
    return (
      <PageSection>
        <SettingsCrumbs list={list} current={id} />
        <Alert variant="danger" isInline title={error.message} />
      </PageSection>
    );
  }
  if (!row) {
    return (
      <PageSection>
        <SettingsCrumbs list={list} current={id} />
        <EmptyState headingLevel="h2" titleText={NO_RESOURCES} variant="sm" />
      </PageSection>
    );
  }
  return props.children(row);
}

/** Toasts a failed call with the server's message (spec 001 §8). */
export function useFailToast(): (error: unknown) => void {
  const { addToast } = useToast();
  return (error: unknown) => addToast({ variant: 'danger', title: errorText(error) });
}
