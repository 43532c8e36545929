import { MenuToggle, Select, SelectList, SelectOption } from '@patternfly/react-core';
import type { MenuToggleElement } from '@patternfly/react-core';
import { SyncAltIcon } from '@patternfly/react-icons';
import { useState } from 'react';
import type { Ref } from 'react';
import {
  REFRESH_RATE_OPTIONS,
  effectiveRefreshRate,
  isRefreshRateDisabled,
  isRefreshRateValue,
} from '../../lib/refreshRate';
import type { RefreshRateValue } from '../../lib/refreshRate';

export interface RefreshRatePickerProps {
  /** From useRefreshRate(storageKey, rangeMinutes).value. */
  value: RefreshRateValue;
  onChange: (value: RefreshRateValue) => void;
  /** Length of the shown time range; wide ranges disable the fast rates. */
  rangeMinutes?: number;
  isDisabled?: boolean;
}

export function RefreshRatePicker({
  value,
  onChange,
  rangeMinutes = 0,
  isDisabled = false,
}: RefreshRatePickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const shown = effectiveRefreshRate(value, rangeMinutes);
  const label = REFRESH_RATE_OPTIONS.find((o) => o.value === shown)?.label ?? 'None';

  return (
    <Select
      isOpen={isOpen}
      selected={shown}
      onOpenChange={setIsOpen}
      onSelect={(_event, selected) => {
        if (isRefreshRateValue(selected)) onChange(selected);
        setIsOpen(false);
      }}
      toggle={(toggleRef: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={toggleRef}
          icon={<SyncAltIcon />}
          aria-label={`Refresh rate: ${label}`}
          isExpanded={isOpen}
          isDisabled={isDisabled}
          onClick={() => setIsOpen((open) => !open)}
        >
          {label}
        </MenuToggle>
      )}
    >
      <SelectList aria-label="Refresh rate">
        {REFRESH_RATE_OPTIONS.map((option) => (
          <SelectOption
            key={option.value}
            value={option.value}
            isDisabled={isRefreshRateDisabled(option.value, rangeMinutes)}
          >
            {option.label}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}
