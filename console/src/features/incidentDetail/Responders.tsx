import {
  Alert,
  Button,
  Content,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  FlexItem,
  Popover,
  ProgressStep,
  ProgressStepper,
  Skeleton,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { PlusCircleIcon, TrashIcon } from '@patternfly/react-icons';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { useToast } from '../../components/Toast/useToast';
import { formatDateTime } from '../../lib/format';
import { errorMessage, removeResponder, useResponders } from './api';
import { AddResponderWizard } from './AddResponderWizard';
import { useDetail } from './context';
import { MESSAGES } from './messages';
import { RESPONDER_POPOVER_DELAY_MS, type Responder } from './model';
import { PersonAvatar } from './parts';
import { FIELD_LABELS, responderTypeLabel } from './responderTypes';

export interface ProgressStepInfo {
  label: string;
  at: string | null | undefined;
}

/** Created, Acknowledged, Resolved (signoff), Closed (§4.3), with the time each was reached. */
export function responderProgress(r: Responder): { steps: ProgressStepInfo[]; current: number } {
  const steps = [
    { label: 'Created', at: r.created_at },
    { label: 'Acknowledged', at: r.acknowledged ?? r.acknowledge_time },
    { label: 'Resolved', at: r.resolved ?? r.signoff_time },
    { label: 'Closed', at: r.closed ?? r.close_time },
  ];
  let current = 0;
  steps.forEach((s, i) => {
    if (s.at) current = i;
  });
  return { steps, current };
}

const responderName = (r: Responder) => r.team?.name ?? r.person?.name ?? 'Responder';
const responderKindOf = (r: Responder) =>
  typeof r.properties?.responderType === 'string' ? r.properties.responderType : r.type;

function ResponderDetails({ responder: r }: { responder: Responder }) {
  const props = Object.entries(r.properties ?? {}).filter(
    ([k, v]) => k !== 'responderType' && typeof v === 'string' && v,
  );
  return (
    <DescriptionList isCompact aria-label={`Details of ${responderName(r)}`}>
      <DescriptionListGroup>
        <DescriptionListTerm>Type</DescriptionListTerm>
        <DescriptionListDescription>
          {responderTypeLabel(responderKindOf(r))}
        </DescriptionListDescription>
      </DescriptionListGroup>
      {props.map(([k, v]) => (
        <DescriptionListGroup key={k}>
          <DescriptionListTerm>{FIELD_LABELS[k] ?? k}</DescriptionListTerm>
          <DescriptionListDescription>{String(v)}</DescriptionListDescription>
        </DescriptionListGroup>
      ))}
      {r.external_id && (
        <DescriptionListGroup>
          <DescriptionListTerm>External ID</DescriptionListTerm>
          <DescriptionListDescription>{r.external_id}</DescriptionListDescription>
        </DescriptionListGroup>
      )}
      {r.error && (
        <DescriptionListGroup>
          <DescriptionListTerm>Delivery</DescriptionListTerm>
          <DescriptionListDescription>{r.error}</DescriptionListDescription>
        </DescriptionListGroup>
      )}
    </DescriptionList>
  );
}

/** Avatar and name; hovering 1000 ms opens the details (§9). */
function ResponderHeading({ responder: r }: { responder: Responder }) {
  const trigger = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [open, setOpen] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const enter = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), RESPONDER_POPOVER_DELAY_MS);
  };
  const leave = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  const who = r.team ?? r.person;
  return (
    <>
      <span
        ref={trigger}
        onMouseEnter={enter}
        onMouseLeave={leave}
        onFocus={enter}
        onBlur={leave}
        tabIndex={0}
        style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center' }}
      >
        <PersonAvatar
          person={who ? { name: who.name, avatar: r.team?.icon ?? r.person?.avatar } : null}
        />
        <strong>{responderName(r)}</strong>
        <Content component="small">{responderTypeLabel(responderKindOf(r))}</Content>
      </span>
      <Popover
        triggerRef={trigger}
        isVisible={open}
        shouldClose={() => setOpen(false)}
        headerContent={responderName(r)}
        bodyContent={<ResponderDetails responder={r} />}
      />
    </>
  );
}

function ResponderItem({
  responder: r,
  onDelete,
}: {
  responder: Responder;
  onDelete?: () => void;
}) {
  const { steps, current } = responderProgress(r);
  return (
    <Stack hasGutter component="article" aria-label={`Responder ${responderName(r)}`}>
      <StackItem>
        <Flex
          justifyContent={{ default: 'justifyContentSpaceBetween' }}
          alignItems={{ default: 'alignItemsCenter' }}
        >
          <FlexItem>
            <ResponderHeading responder={r} />
          </FlexItem>
          {onDelete && (
            <FlexItem>
              <Button
                variant="plain"
                aria-label={`Delete responder ${responderName(r)}`}
                icon={<TrashIcon />}
                onClick={onDelete}
              />
            </FlexItem>
          )}
        </Flex>
      </StackItem>
      <StackItem>
        <ProgressStepper isCompact aria-label={`Progress of ${responderName(r)}`}>
          {steps.map((s, i) => (
            <ProgressStep
              key={s.label}
              id={`${r.id}-${s.label}`}
              titleId={`${r.id}-${s.label}-title`}
              variant={s.at ? 'success' : 'pending'}
              isCurrent={i === current}
              aria-current={i === current ? 'step' : undefined}
              description={s.at ? formatDateTime(s.at) : undefined}
            >
              {s.label}
            </ProgressStep>
          ))}
        </ProgressStepper>
      </StackItem>
    </Stack>
  );
}

/** The Responders panel (§2.4, §4.3). */
export function RespondersSection() {
  const { incident, can, refresh } = useDetail();
  const { addToast } = useToast();
  const { responders, error, isLoading, mutate } = useResponders(incident.id);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Responder>();

  const reload = async () => {
    await Promise.all([mutate(), refresh()]);
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await removeResponder(deleting.id);
      addToast({ variant: 'success', title: MESSAGES.responderDeleted });
      setDeleting(undefined);
    } catch (e) {
      addToast({ variant: 'danger', title: errorMessage(e) });
    }
    await reload();
  };

  return (
    <Stack hasGutter>
      {error && <Alert variant="danger" isInline isPlain title={error.message} />}
      {isLoading && <Skeleton screenreaderText="Loading responders" />}
      {responders?.length === 0 && <Content component="small">No responders yet</Content>}
      {responders?.map((r) => (
        <StackItem key={r.id}>
          <ResponderItem
            responder={r}
            onDelete={can.responder ? () => setDeleting(r) : undefined}
          />
        </StackItem>
      ))}
      {can.responder && (
        <StackItem>
          <Button variant="link" isInline icon={<PlusCircleIcon />} onClick={() => setAdding(true)}>
            Add Responders
          </Button>
        </StackItem>
      )}
      <AddResponderWizard isOpen={adding} onClose={() => setAdding(false)} onAdded={reload} />
      <ConfirmDialog
        isOpen={Boolean(deleting)}
        title="Delete responder"
        onConfirm={remove}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to remove {deleting ? responderName(deleting) : ''} from this
        incident?
      </ConfirmDialog>
    </Stack>
  );
}
