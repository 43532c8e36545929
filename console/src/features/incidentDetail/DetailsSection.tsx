import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  FormSelect,
  FormSelectOption,
} from '@patternfly/react-core';
import { useState } from 'react';
import { IncidentStatusBadge } from '../../components/IncidentStatusBadge/IncidentStatusBadge';
import { useToast } from '../../components/Toast/useToast';
import { formatDateTime } from '../../lib/format';
import { errorMessage, updateIncidentDetails } from './api';
import { useDetail } from './context';
import { DETAIL_FIELD_DEBOUNCE_MS, INCIDENT_TYPES, SEVERITIES, severityValue } from './model';
import { PersonAvatar } from './parts';
import { useDebouncedCallback } from './useDebouncedCallback';

function Person({
  person,
}: {
  person: { name: string; avatar?: string | null } | null | undefined;
}) {
  if (!person?.name) return <>—</>;
  return (
    <span style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center' }}>
      <PersonAvatar person={person} /> {person.name}
    </span>
  );
}

/**
 * Details (§2.4): type and severity are the fields that change here, saved together 500 ms
 * after the last change (PATCH {severity, type}). No severity shows as High.
 */
export function DetailsSection() {
  const { incident, can, refresh } = useDetail();
  const { addToast } = useToast();
  const [draft, setDraft] = useState<{ severity: string; type: string }>();
  const shown = draft ?? { severity: severityValue(incident.severity), type: incident.type };

  const save = useDebouncedCallback((fields: { severity: string; type: string }) => {
    updateIncidentDetails(incident.id, fields)
      .then(refresh, (e: unknown) => addToast({ variant: 'danger', title: errorMessage(e) }))
      .finally(() => setDraft((d) => (d === fields ? undefined : d)));
  }, DETAIL_FIELD_DEBOUNCE_MS);

  const change = (field: 'severity' | 'type', value: string) => {
    const next = { ...shown, [field]: value };
    setDraft(next);
    save.call(next);
  };

  const typeKnown = INCIDENT_TYPES.some((t) => t.value === shown.type);
  return (
    <DescriptionList isCompact isHorizontal aria-label="Incident details">
      <DescriptionListGroup>
        <DescriptionListTerm>Incident</DescriptionListTerm>
        <DescriptionListDescription>{incident.incident_id}</DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>Status</DescriptionListTerm>
        <DescriptionListDescription>
          <IncidentStatusBadge status={incident.status} />
        </DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>Type</DescriptionListTerm>
        <DescriptionListDescription>
          <FormSelect
            aria-label="Type"
            value={shown.type}
            isDisabled={!can.incident}
            onChange={(_e, v) => change('type', v)}
          >
            {!typeKnown && <FormSelectOption value={shown.type} label={shown.type} />}
            {INCIDENT_TYPES.map((t) => (
              <FormSelectOption key={t.value} value={t.value} label={t.label} />
            ))}
          </FormSelect>
        </DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>Severity</DescriptionListTerm>
        <DescriptionListDescription>
          <FormSelect
            aria-label="Severity"
            value={shown.severity}
            isDisabled={!can.incident}
            onChange={(_e, v) => change('severity', v)}
          >
            {SEVERITIES.map((s) => (
              <FormSelectOption key={s.value} value={s.value} label={s.label} />
            ))}
          </FormSelect>
        </DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>Commander</DescriptionListTerm>
        <DescriptionListDescription>
          <Person person={incident.commander} />
        </DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>Communicator</DescriptionListTerm>
        <DescriptionListDescription>
          <Person person={incident.communicator} />
        </DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>Started</DescriptionListTerm>
        <DescriptionListDescription>
          {formatDateTime(incident.created_at)}
        </DescriptionListDescription>
      </DescriptionListGroup>
      {incident.description && (
        <DescriptionListGroup>
          <DescriptionListTerm>Description</DescriptionListTerm>
          <DescriptionListDescription>{incident.description}</DescriptionListDescription>
        </DescriptionListGroup>
      )}
    </DescriptionList>
  );
}
