import {
  Button,
  Card,
  CardBody,
  CardTitle,
  EmptyState,
  Flex,
  FlexItem,
  Gallery,
} from '@patternfly/react-core';
import { EMPTY_TABLE_TEXT } from '../../components/DataTable/DataTable';
import { StatusDot } from '../../components/StatusDot/StatusDot';
import { formatDuration } from '../../lib/format';
import { Ago, UptimeText } from './ChecksTable';
import type { CheckSummary } from './types';

export interface ChecksCardsProps {
  checks: readonly CheckSummary[];
  onOpen: (check: CheckSummary) => void;
}

/** The card layout: one card per check with its health, uptime and latency. */
export function ChecksCards({ checks, onOpen }: ChecksCardsProps) {
  if (checks.length === 0) {
    return <EmptyState variant="sm" titleText={EMPTY_TABLE_TEXT} headingLevel="h4" />;
  }
  return (
    <Gallery hasGutter minWidths={{ default: '16rem' }} role="list" aria-label="Checks">
      {checks.map((check) => (
        <Card key={check.id} isCompact role="listitem" data-testid={`card-${check.id}`}>
          <CardTitle>
            <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapSm' }}>
              <StatusDot status={check.status} />
              <Button variant="link" isInline onClick={() => onOpen(check)}>
                {check.name}
              </Button>
            </Flex>
          </CardTitle>
          <CardBody>
            <Flex justifyContent={{ default: 'justifyContentSpaceBetween' }}>
              <FlexItem>
                Uptime <UptimeText check={check} />
              </FlexItem>
              <FlexItem>
                {typeof check.latency?.p95 === 'number' &&
                  `p95 ${formatDuration(check.latency.p95)}`}
              </FlexItem>
            </Flex>
            {check.description && (
              <div style={{ color: 'var(--pf-t--global--text--color--subtle)' }}>
                {check.description}
              </div>
            )}
            {check.last_transition_time && (
              <div>
                Transitioned <Ago time={check.last_transition_time} />
              </div>
            )}
          </CardBody>
        </Card>
      ))}
    </Gallery>
  );
}
