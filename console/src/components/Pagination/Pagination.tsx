import {
  Button,
  Flex,
  FlexItem,
  FormSelect,
  FormSelectOption,
  TextInput,
} from '@patternfly/react-core';
import {
  AngleDoubleLeftIcon,
  AngleDoubleRightIcon,
  AngleLeftIcon,
  AngleRightIcon,
} from '@patternfly/react-icons';
import { useState } from 'react';
import { clampPage, pageCount, pageSizeChoices } from '../../lib/pagination';
import type { PaginationType } from '../../lib/pagination';

export interface PaginationProps {
  /** 'virtual' lists grow by scrolling, so only the page size is offered. */
  type?: PaginationType;
  /** 1-based current page. */
  page: number;
  pageSize: number;
  totalRows: number;
  onPageChange: (page: number) => void;
  /** The caller usually also returns to page 1. */
  onPageSizeChange: (pageSize: number) => void;
  isDisabled?: boolean;
}

export function Pagination({
  type = 'complete',
  page,
  pageSize,
  totalRows,
  onPageChange,
  onPageSizeChange,
  isDisabled = false,
}: PaginationProps) {
  const pages = pageCount(totalRows, pageSize);
  const current = clampPage(page, pages);
  const go = (target: number) => {
    const next = clampPage(target, pages);
    if (next !== current) onPageChange(next);
  };

  const sizeSelect = (
    <FlexItem>
      <FormSelect
        aria-label="Page size"
        value={String(pageSize)}
        isDisabled={isDisabled}
        onChange={(_event, value) => onPageSizeChange(Number(value))}
      >
        {pageSizeChoices(pageSize).map((size) => (
          <FormSelectOption key={size} value={String(size)} label={String(size)} />
        ))}
      </FormSelect>
    </FlexItem>
  );

  if (type === 'virtual') {
    return <Flex alignItems={{ default: 'alignItemsCenter' }}>{sizeSelect}</Flex>;
  }

  const atStart = isDisabled || current <= 1;
  const atEnd = isDisabled || current >= pages;
  return (
    <Flex alignItems={{ default: 'alignItemsCenter' }} spaceItems={{ default: 'spaceItemsSm' }}>
      <FlexItem>
        <Button variant="plain" aria-label="First page" isDisabled={atStart} onClick={() => go(1)}>
          <AngleDoubleLeftIcon />
        </Button>
        <Button
          variant="plain"
          aria-label="Previous page"
          isDisabled={atStart}
          onClick={() => go(current - 1)}
        >
          <AngleLeftIcon />
        </Button>
      </FlexItem>
      <FlexItem>
        Page {current} of {pages}
      </FlexItem>
      <FlexItem>
        <Button
          variant="plain"
          aria-label="Next page"
          isDisabled={atEnd}
          onClick={() => go(current + 1)}
        >
          <AngleRightIcon />
        </Button>
        <Button variant="plain" aria-label="Last page" isDisabled={atEnd} onClick={() => go(pages)}>
          <AngleDoubleRightIcon />
        </Button>
      </FlexItem>
      <FlexItem>
        {/* Keyed by page so the box shows the real page again after navigation. */}
        <GoToPage
          key={`${current}/${pages}`}
          page={current}
          pages={pages}
          isDisabled={isDisabled}
          onGo={go}
        />
      </FlexItem>
      {sizeSelect}
    </Flex>
  );
}

interface GoToPageProps {
  page: number;
  pages: number;
  isDisabled: boolean;
  onGo: (page: number) => void;
}

function GoToPage({ page, pages, isDisabled, onGo }: GoToPageProps) {
  const [draft, setDraft] = useState(String(page));
  const commit = () => {
    const target = clampPage(Number(draft), pages);
    setDraft(String(target));
    onGo(target);
  };
  return (
    <TextInput
      type="number"
      aria-label="Go to page"
      min={1}
      max={pages}
      value={draft}
      isDisabled={isDisabled}
      style={{ width: '6ch' }}
      onChange={(_event, value) => setDraft(value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
