import { Button, Flex, FlexItem, MenuToggle, Popover, Title } from '@patternfly/react-core';
import { OutlinedClockIcon } from '@patternfly/react-icons';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import {
  RECENT_RANGES_STORAGE_KEY,
  loadRecentRanges,
  rememberRecentRange,
} from '../../lib/recentTimeRanges';
import { FUTURE_PRESETS, MAPPED_PRESETS, PAST_PRESETS, isSameTimeRange } from '../../lib/timeRange';
import type { AbsoluteTimeRange, TimeRange } from '../../lib/timeRange';
import { AbsoluteRangeForm } from './AbsoluteRangeForm';

export const NO_TIME_RANGE_TEXT = 'Please select time range';

export interface TimeRangePickerProps {
  value: TimeRange | undefined;
  /** undefined means Clear: the page removes every range setting from the URL. */
  onChange: (range: TimeRange | undefined) => void;
  /** localStorage key of the recent absolute ranges, so pages can keep separate lists. */
  recentStorageKey?: string;
  isDisabled?: boolean;
}

function absoluteText(range: AbsoluteTimeRange): string {
  return `${formatDateTime(range.from)} to ${formatDateTime(range.to)}`;
}

interface RangeListProps {
  title: string;
  ranges: readonly TimeRange[];
  selected: TimeRange | undefined;
  onPick: (range: TimeRange) => void;
}

function RangeList({ title, ranges, selected, onPick }: RangeListProps) {
  return (
    <section aria-label={title}>
      <Title headingLevel="h4">{title}</Title>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {ranges.map((range) => (
          <li key={range.type === 'absolute' ? `${range.from}/${range.to}` : range.display}>
            <Button
              variant="link"
              isInline
              aria-current={isSameTimeRange(range, selected) ? 'true' : undefined}
              onClick={() => onPick(range)}
            >
              {range.type === 'absolute' ? absoluteText(range) : range.display}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const column = { maxHeight: '22rem', overflowY: 'auto', paddingRight: '1rem' } as const;

export function TimeRangePicker({
  value,
  onChange,
  recentStorageKey = RECENT_RANGES_STORAGE_KEY,
  isDisabled = false,
}: TimeRangePickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [recent, setRecent] = useState(() => loadRecentRanges(recentStorageKey));

  const pick = (range: TimeRange | undefined) => {
    if (range?.type === 'absolute') setRecent(rememberRecentRange(range, recentStorageKey));
    onChange(range);
    setIsOpen(false);
  };

  const body = (
    <Flex alignItems={{ default: 'alignItemsFlexStart' }} flexWrap={{ default: 'nowrap' }}>
      <FlexItem>
        {/* Remounted on each opening so the form starts from the current value. */}
        <AbsoluteRangeForm
          key={String(isOpen)}
          initial={value?.type === 'absolute' ? value : undefined}
          onSubmit={pick}
          onClear={() => pick(undefined)}
        />
        {recent.length > 0 && (
          <div style={{ marginTop: '1rem' }}>
            <RangeList
              title="Recent absolute ranges"
              ranges={recent}
              selected={value}
              onPick={pick}
            />
          </div>
        )}
      </FlexItem>
      <FlexItem style={column}>
        <RangeList title="Quick ranges" ranges={MAPPED_PRESETS} selected={value} onPick={pick} />
      </FlexItem>
      <FlexItem style={column}>
        <RangeList title="Past" ranges={PAST_PRESETS} selected={value} onPick={pick} />
      </FlexItem>
      <FlexItem style={column}>
        <RangeList title="Future" ranges={FUTURE_PRESETS} selected={value} onPick={pick} />
      </FlexItem>
    </Flex>
  );

  const text = value?.display ?? NO_TIME_RANGE_TEXT;
  return (
    <Popover
      aria-label="Time range"
      isVisible={isOpen}
      shouldOpen={() => setIsOpen(true)}
      shouldClose={() => setIsOpen(false)}
      position="bottom-start"
      hasAutoWidth
      maxWidth="60rem"
      showClose={false}
      bodyContent={body}
    >
      <MenuToggle
        icon={<OutlinedClockIcon />}
        isExpanded={isOpen}
        isDisabled={isDisabled}
        title={value?.type === 'absolute' ? absoluteText(value) : undefined}
      >
        {text}
      </MenuToggle>
    </Popover>
  );
}
