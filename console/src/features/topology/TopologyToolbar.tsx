import {
  Button,
  FormSelect,
  FormSelectOption,
  Label,
  LabelGroup,
  Slider,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { useSearchParams } from 'react-router';
import { CARD_SIZE_WIDTHS, CARD_WIDTH_MAX, CARD_WIDTH_MIN, CARD_WIDTH_STEP } from './cardSize';
import { parseFilters } from './links';
import { STATUS_FILTERS } from './types';
import type { CardWidthState } from './useCardWidth';

const ALL = '';

/** The dashboard's filters (kept in the query string) and the card width slider. */
export function TopologyToolbar({ width, setWidth }: CardWidthState) {
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);

  const setParam = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <FormSelect
            aria-label="Status"
            value={filters.status ?? ALL}
            onChange={(_event, value) => setParam('status', value || undefined)}
          >
            <FormSelectOption value={ALL} label="All statuses" />
            {STATUS_FILTERS.map((status) => (
              <FormSelectOption key={status} value={status} label={status} />
            ))}
          </FormSelect>
        </ToolbarItem>
        {filters.types.length > 0 && (
          <ToolbarItem>
            <LabelGroup categoryName="Type">
              {filters.types.map((type) => (
                <Label
                  key={type}
                  onClose={() =>
                    setParam('type', filters.types.filter((t) => t !== type).join(','))
                  }
                  closeBtnAriaLabel={`Remove the ${type} filter`}
                >
                  {type}
                </Label>
              ))}
            </LabelGroup>
          </ToolbarItem>
        )}
        <ToolbarItem alignItems="center">
          <span id="topology-card-width" style={{ marginInlineEnd: '0.75rem' }}>
            Card width
          </span>
          {/* The slider takes its container's width: without one it collapses to its thumb. */}
          <div style={{ width: 220 }}>
            <Slider
              min={CARD_WIDTH_MIN}
              max={CARD_WIDTH_MAX}
              step={CARD_WIDTH_STEP}
              value={width ?? CARD_SIZE_WIDTHS.medium}
              showBoundaries={false}
              aria-labelledby="topology-card-width"
              thumbAriaLabel="Card width"
              onChange={(_event, value) => setWidth(value)}
            />
          </div>
        </ToolbarItem>
        {width !== undefined && (
          <ToolbarItem>
            {/* Back to each component's own size (small, medium, large or extra large). */}
            <Button variant="link" isInline onClick={() => setWidth(undefined)}>
              Reset card width
            </Button>
          </ToolbarItem>
        )}
      </ToolbarContent>
    </Toolbar>
  );
}
