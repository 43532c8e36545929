import {
  Button,
  Flex,
  FlexItem,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  TextInput,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { AngleLeftIcon, AngleRightIcon } from '@patternfly/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableColumn } from '../../components/DataTable/DataTable';
import { StatusDot } from '../../components/StatusDot/StatusDot';
import { useToast } from '../../components/Toast/useToast';
import { formatDateTime, formatDuration } from '../../lib/format';
import { pageCount } from '../../lib/pagination';
import { errorText, useCheckStatuses } from './api';
import {
  DURATION_CHOICES,
  HISTORY_PAGE_SIZE,
  HISTORY_PAGE_SIZES,
  STATUS_CHOICES,
  statusParam,
  validateDuration,
} from './historyFilters';
import type { StatusFilter } from './historyFilters';
import type { CheckStatus } from './types';

const COLUMNS: DataTableColumn<CheckStatus>[] = [
  { id: 'time', header: 'Time', cell: (s) => formatDateTime(s.time) },
  {
    id: 'status',
    header: 'Status',
    cell: (s) => {
      const text = s.invalid ? 'invalid' : s.status ? 'healthy' : 'unhealthy';
      return (
        <>
          <StatusDot status={s.invalid ? 'warning' : text} label={text} /> {text}
        </>
      );
    },
  },
  {
    id: 'duration',
    header: 'Duration',
    cell: (s) => (typeof s.duration === 'number' ? formatDuration(s.duration) : ''),
  },
  {
    id: 'message',
    header: 'Message',
    cell: (s) => (
      <>
        {s.message}
        {s.error && (
          <div style={{ color: 'var(--pf-t--global--text--color--status--danger--default)' }}>
            {s.error}
          </div>
        )}
      </>
    ),
  },
];

export interface CheckHistoryProps {
  checkId: string;
  /** Date math or ISO start of the drawer's range. */
  start: string;
  refreshKey: number;
}

/** The History tab: the check's runs, newest first, paged on the server. */
export function CheckHistory({ checkId, start, refreshKey }: CheckHistoryProps) {
  const { addToast } = useToast();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [durationChoice, setDurationChoice] = useState('');
  const [custom, setCustom] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(HISTORY_PAGE_SIZE);

  const customResult = useMemo(() => validateDuration(custom), [custom]);
  // An invalid custom value is not sent: the list keeps the last valid filter.
  const [duration, setDuration] = useState<string | undefined>(undefined);
  const chooseDuration = (choice: string) => {
    setDurationChoice(choice);
    setPage(0);
    if (choice !== 'custom') setDuration(choice || undefined);
    else setDuration(validateDuration(custom).value);
  };
  const typeCustom = (text: string) => {
    setCustom(text);
    const result = validateDuration(text);
    if (!result.error) {
      setDuration(result.value);
      setPage(0);
    }
  };

  const { data, error, isLoading } = useCheckStatuses(
    checkId,
    { start, status: statusParam(status), duration, page, pageSize },
    refreshKey,
  );

  // Each failure is announced once, as a toast (spec 001 §8).
  const toasted = useRef<unknown>(undefined);
  useEffect(() => {
    if (!error || toasted.current === error) return;
    toasted.current = error;
    addToast({ variant: 'danger', title: errorText(error) });
  }, [error, addToast]);

  const total = data?.total ?? 0;
  const pages = pageCount(total, pageSize);

  return (
    <>
      <Toolbar inset={{ default: 'insetNone' }}>
        <ToolbarContent alignItems="center">
          <ToolbarItem>
            <span aria-hidden style={{ marginRight: '0.5rem' }}>
              Status
            </span>
          </ToolbarItem>
          <ToolbarItem>
            <FormSelect
              aria-label="Status"
              value={status}
              onChange={(_event, value) => {
                setStatus(value as StatusFilter);
                setPage(0);
              }}
            >
              {STATUS_CHOICES.map((c) => (
                <FormSelectOption key={c.value} value={c.value} label={c.label} />
              ))}
            </FormSelect>
          </ToolbarItem>
          <ToolbarItem>
            <span aria-hidden style={{ marginRight: '0.5rem' }}>
              Duration
            </span>
          </ToolbarItem>
          <ToolbarItem>
            <FormSelect
              aria-label="Duration"
              value={durationChoice}
              onChange={(_event, value) => chooseDuration(value)}
            >
              {DURATION_CHOICES.map((c) => (
                <FormSelectOption key={c.value} value={c.value} label={c.label} />
              ))}
            </FormSelect>
          </ToolbarItem>
          {durationChoice === 'custom' && (
            <ToolbarItem>
              <FormGroup fieldId="health-history-duration">
                <TextInput
                  id="health-history-duration"
                  aria-label="Custom duration"
                  placeholder="e.g. 250ms or 2s"
                  value={custom}
                  validated={customResult.error ? 'error' : 'default'}
                  onChange={(_event, text) => typeCustom(text)}
                />
                {customResult.error && (
                  <FormHelperText>
                    <HelperText>
                      <HelperTextItem variant="error">{customResult.error}</HelperTextItem>
                    </HelperText>
                  </FormHelperText>
                )}
              </FormGroup>
            </ToolbarItem>
          )}
        </ToolbarContent>
      </Toolbar>
      <DataTable
        tableId="health-check-history"
        aria-label="Check history"
        columns={COLUMNS}
        rows={data?.statuses ?? []}
        rowKey={(s) => `${s.time}`}
        isLoading={isLoading && !data}
        manualSort
        virtualize={false}
      />
      <Flex
        justifyContent={{ default: 'justifyContentFlexEnd' }}
        alignItems={{ default: 'alignItemsCenter' }}
        spaceItems={{ default: 'spaceItemsSm' }}
      >
        <FlexItem>
          <Button
            variant="plain"
            aria-label="Previous page"
            isDisabled={page <= 0}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
            icon={<AngleLeftIcon />}
          />
        </FlexItem>
        <FlexItem>
          Page {Math.min(page + 1, pages)} of {pages}
        </FlexItem>
        <FlexItem>
          <Button
            variant="plain"
            aria-label="Next page"
            isDisabled={page + 1 >= pages}
            onClick={() => setPage((p) => p + 1)}
            icon={<AngleRightIcon />}
          />
        </FlexItem>
        <FlexItem>
          <FormSelect
            aria-label="History page size"
            value={String(pageSize)}
            onChange={(_event, value) => {
              setPageSize(Number(value));
              setPage(0);
            }}
          >
            {HISTORY_PAGE_SIZES.map((size) => (
              <FormSelectOption key={size} value={String(size)} label={String(size)} />
            ))}
          </FormSelect>
        </FlexItem>
      </Flex>
    </>
  );
}
