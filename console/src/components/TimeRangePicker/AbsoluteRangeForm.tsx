import { ActionGroup, Button, Form, FormGroup, TextInput, Title } from '@patternfly/react-core';
import { useState } from 'react';
import { toDateTimeLocal } from '../../lib/format';
import type { AbsoluteTimeRange } from '../../lib/timeRange';

export interface AbsoluteRangeFormProps {
  initial?: AbsoluteTimeRange;
  onSubmit: (range: AbsoluteTimeRange) => void;
  onClear: () => void;
}

export function AbsoluteRangeForm({ initial, onSubmit, onClear }: AbsoluteRangeFormProps) {
  const [from, setFrom] = useState(() => toDateTimeLocal(initial?.from));
  const [to, setTo] = useState(() => toDateTimeLocal(initial?.to));
  const fromTime = from ? new Date(from).getTime() : Number.NaN;
  const toTime = to ? new Date(to).getTime() : Number.NaN;
  const complete = !Number.isNaN(fromTime) && !Number.isNaN(toTime);

  const submit = () => {
    if (!complete) return;
    // A range typed backwards still means the span between the two moments.
    const [start, end] = fromTime <= toTime ? [fromTime, toTime] : [toTime, fromTime];
    onSubmit({
      type: 'absolute',
      from: new Date(start).toISOString(),
      to: new Date(end).toISOString(),
      display: 'Custom',
    });
  };

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Title headingLevel="h4">Absolute time range</Title>
      <FormGroup label="From" fieldId="time-range-from">
        <TextInput
          id="time-range-from"
          type="datetime-local"
          value={from}
          onChange={(_event, value) => setFrom(value)}
        />
      </FormGroup>
      <FormGroup label="To" fieldId="time-range-to">
        <TextInput
          id="time-range-to"
          type="datetime-local"
          value={to}
          onChange={(_event, value) => setTo(value)}
        />
      </FormGroup>
      <ActionGroup>
        <Button type="submit" variant="primary" isDisabled={!complete}>
          Submit
        </Button>
        <Button
          variant="link"
          onClick={() => {
            setFrom('');
            setTo('');
            onClear();
          }}
        >
          Clear
        </Button>
      </ActionGroup>
    </Form>
  );
}
