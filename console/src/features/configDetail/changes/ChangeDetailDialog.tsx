import {
  Alert,
  Content,
  DescriptionList,
  Skeleton,
  Stack,
  StackItem,
  Title,
} from '@patternfly/react-core';
import { DescriptionField } from '../../../components/DescriptionField/DescriptionField';
import { Dialog } from '../../../components/Dialog/Dialog';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { useChangeDetail, type CatalogChange, type ChangeDetail } from './api';
import { DiffView } from './DiffView';

const hasContent = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  !(typeof value === 'object' && Object.keys(value as object).length === 0);

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <>
      <Title headingLevel="h3" size="md">
        {title}
      </Title>
      <pre aria-label={title} style={{ maxHeight: '40vh', overflow: 'auto', margin: 0 }}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </>
  );
}

function ChangeBody({ change, detail }: { change: CatalogChange; detail: ChangeDetail }) {
  return (
    <Stack hasGutter>
      <StackItem>
        <DescriptionList isCompact isHorizontal>
          <DescriptionField term="Config">{change.name ?? change.config_id}</DescriptionField>
          <DescriptionField term="Change">{detail.change_type ?? '-'}</DescriptionField>
          <DescriptionField term="Severity">{detail.severity ?? '-'}</DescriptionField>
          <DescriptionField term="Source">{detail.source ?? '-'}</DescriptionField>
          {detail.summary && <DescriptionField term="Summary">{detail.summary}</DescriptionField>}
          <DescriptionField term="Created">
            <TimeAgo at={detail.created_at} />
          </DescriptionField>
          {(detail.external_created_by || detail.created_by) && (
            <DescriptionField term="Created by">
              {detail.external_created_by || detail.created_by}
            </DescriptionField>
          )}
        </DescriptionList>
      </StackItem>
      {detail.diff ? (
        <StackItem>
          <Title headingLevel="h3" size="md">
            Diff
          </Title>
          <DiffView diff={detail.diff} label="Diff" />
        </StackItem>
      ) : (
        !hasContent(detail.patches) &&
        !hasContent(detail.details) && (
          <StackItem>
            <Content component="p">This change has no diff.</Content>
          </StackItem>
        )
      )}
      {!detail.diff && hasContent(detail.patches) && (
        <StackItem>
          <JsonBlock title="Patches" value={detail.patches} />
        </StackItem>
      )}
      {hasContent(detail.details) && (
        <StackItem>
          <JsonBlock title="Details" value={detail.details} />
        </StackItem>
      )}
    </Stack>
  );
}

/** One change opened from the list: its fields and its diff (or patches and details). */
export function ChangeDetailDialog({
  change,
  onClose,
}: {
  change: CatalogChange | undefined;
  onClose: () => void;
}) {
  const { detail, error, isLoading } = useChangeDetail(change);
  let body;
  if (error) body = <Alert variant="danger" isInline title={error.message} />;
  else if (isLoading || detail === undefined)
    body = <Skeleton height="12rem" screenreaderText="Loading change" />;
  else if (detail === null || !change)
    body = <Alert variant="warning" isInline title="This change no longer exists." />;
  else body = <ChangeBody change={change} detail={detail} />;

  return (
    <Dialog
      isOpen={change !== undefined}
      onClose={onClose}
      size="large"
      title={change ? change.summary || change.change_type || 'Change' : 'Change'}
    >
      {body}
    </Dialog>
  );
}
