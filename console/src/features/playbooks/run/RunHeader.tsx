import { Alert, DescriptionList, Flex, FlexItem, Title } from '@patternfly/react-core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DescriptionField } from '../../../components/DescriptionField/DescriptionField';
import { formatDateTime } from '../../../lib/format';
import { playbookPath } from '../paths';
import { ResourceLink } from '../runs/ResourceLink';
import { runDuration } from '../runs/runStatus';
import { RunStatusLabel } from '../runs/RunStatusLabel';
import { playbookTitle, type RunDetail, type RunRefs } from '../types';

/** The run's playbook, resource, status, times and who started it. */
export function RunHeader({
  run,
  refs,
  actions,
}: {
  run: RunDetail;
  refs: RunRefs | undefined;
  actions?: ReactNode;
}) {
  const playbook = refs?.playbooks;
  const approvals = run.approvals?.length ?? 0;
  return (
    <>
      <Flex
        justifyContent={{ default: 'justifyContentSpaceBetween' }}
        alignItems={{ default: 'alignItemsCenter' }}
      >
        <Flex gap={{ default: 'gapSm' }} alignItems={{ default: 'alignItemsCenter' }}>
          <Title headingLevel="h1">
            {playbook ? (
              <Link to={playbookPath(playbook.id)}>{playbookTitle(playbook)}</Link>
            ) : (
              'Playbook run'
            )}
          </Title>
          <RunStatusLabel status={run.status} />
        </Flex>
        <FlexItem>{actions}</FlexItem>
      </Flex>
      {run.error && <Alert variant="danger" isInline title={run.error} style={{ marginTop: 16 }} />}
      <DescriptionList
        isCompact
        isHorizontal
        columnModifier={{ default: '2Col', lg: '3Col' }}
        aria-label="Run details"
        style={{ marginTop: 16 }}
      >
        <DescriptionField term="Resource">
          <ResourceLink refs={refs ?? {}} ids={run} />
        </DescriptionField>
        <DescriptionField term="Started By">{refs?.created_by?.name ?? '-'}</DescriptionField>
        <DescriptionField term="Created">{formatDateTime(run.created_at) || '-'}</DescriptionField>
        <DescriptionField term="Started">{formatDateTime(run.start_time) || '-'}</DescriptionField>
        <DescriptionField term="Ended">{formatDateTime(run.end_time) || '-'}</DescriptionField>
        <DescriptionField term="Duration">
          {runDuration(run.start_time, run.end_time) || '-'}
        </DescriptionField>
        {approvals > 0 && <DescriptionField term="Approvals">{String(approvals)}</DescriptionField>}
      </DescriptionList>
    </>
  );
}
