import {
  Alert,
  Button,
  Flex,
  Form,
  FormGroup,
  FormHelperText,
  HelperText,
  HelperTextItem,
  TextInput,
} from '@patternfly/react-core';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { Dialog } from '../../components/Dialog/Dialog';
import { IncidentStatusBadge } from '../../components/IncidentStatusBadge/IncidentStatusBadge';
import { useToast } from '../../components/Toast/useToast';
import {
  createEvidence,
  createHypothesis,
  createIncident,
  searchHypotheses,
  searchIncidents,
} from './api';
import { ChoiceField, FieldError } from './CreateIncidentModal';
import type { EvidenceAttachment } from './evidence';
import { SeverityLabel } from './incidentColumns';
import {
  LINKED_MESSAGE,
  defaultHypothesis,
  newLinkForm,
  validateLink,
  type LinkFormValues,
} from './linkForm';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
  NEW_INCIDENT_DEFAULTS,
  errorText,
  type HypothesisRow,
  type IncidentOption,
} from './model';
import { Picker } from './Picker';
import { incidentPath } from './urlState';

export const LINK_TO_INCIDENT_TITLE = 'Link to Incident';

export interface LinkToIncidentDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** What to attach: a check, config lines, a component, ... (see evidence.ts helpers). */
  evidence: EvidenceAttachment;
  title?: string;
  /**
   * Called once the evidence row is written (true) or refused (false). A failure to create the
   * incident or hypothesis stops earlier and does not call it (spec 000 §8).
   */
  onLinked?: (success: boolean) => void;
}

/**
 * Attaches a piece of evidence to an existing or a new incident (spec 000 §2.7): choose or create
 * the incident, choose or create the hypothesis, then add the evidence row. Offer it only where
 * useCanLinkToIncident() holds. Each opening starts afresh.
 */
export function LinkToIncidentDialog(props: LinkToIncidentDialogProps) {
  return props.isOpen ? <LinkForm {...props} /> : null;
}

interface IncidentItem {
  id: string;
  label: string;
  incident: IncidentOption;
}

interface HypothesisItem {
  id: string;
  label: string;
  description: string;
}

const toIncidentItems = (incidents: IncidentOption[]): IncidentItem[] =>
  incidents.map((incident) => ({ id: incident.id, label: incident.title, incident }));

const loadIncidents = async (text: string) => toIncidentItems(await searchIncidents(text));

function IncidentOptionView({ incident }: { incident: IncidentOption }) {
  return (
    <Flex gap={{ default: 'gapSm' }} alignItems={{ default: 'alignItemsCenter' }}>
      <SeverityLabel severity={incident.severity} />
      <span>
        {incident.incident_id} {incident.title}
      </span>
      <IncidentStatusBadge status={incident.status} />
    </Flex>
  );
}

function LinkForm({ onClose, evidence, title, onLinked }: LinkToIncidentDialogProps) {
  const { whoami } = useSession();
  const { addToast } = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState<LinkFormValues>(() => newLinkForm(evidence.description));
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const errors = validateLink(values);
  const shown = attempted ? errors : {};
  const set = (patch: Partial<LinkFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const { incident, hypothesis } = values;
  const existingId = incident?.kind === 'existing' ? incident.incident.id : undefined;
  const loadHypotheses = useCallback(
    async (text: string): Promise<HypothesisItem[]> =>
      existingId
        ? (await searchHypotheses(existingId, text)).map((h: HypothesisRow) => ({
            id: h.id,
            label: h.title,
            description: h.type,
          }))
        : [],
    [existingId],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (busy || !incident || Object.keys(errors).length > 0) return;
    setBusy(true);
    setFailure(undefined);
    const userId = whoami.user.id;
    const stop = (what: string, error: unknown) => {
      // Spec 000 §8: logged and the flow stops; the dialog also says why.
      console.error(what, error);
      setFailure(errorText(error));
      setBusy(false);
    };

    let target: IncidentOption;
    if (incident.kind === 'new') {
      try {
        const row = await createIncident(
          {
            title: incident.title.trim(),
            description: '',
            severity: values.severity,
            type: values.type,
            status: NEW_INCIDENT_DEFAULTS.status,
          },
          userId,
        );
        target = { ...row, hypotheses: [] };
      } catch (error) {
        stop('Incident creation failed', error);
        return;
      }
      // A retry after a later failure must not create the incident again.
      set({ incident: { kind: 'existing', incident: target } });
    } else {
      target = incident.incident;
    }

    let hypothesisId: string;
    if (hypothesis?.kind === 'existing') {
      hypothesisId = hypothesis.id;
    } else {
      const hypothesisTitle = hypothesis?.title.trim() || target.title;
      try {
        const row = await createHypothesis(
          { incident_id: target.id, title: hypothesisTitle, type: 'root', status: 'possible' },
          userId,
        );
        hypothesisId = row.id;
      } catch (error) {
        stop('Hypothesis creation failed', error);
        return;
      }
      set({ hypothesis: { kind: 'existing', id: hypothesisId, title: hypothesisTitle } });
    }

    try {
      await createEvidence(evidence, hypothesisId, values.description.trim(), userId);
    } catch (error) {
      console.error('Attaching the evidence failed', error);
      setFailure(errorText(error));
      setBusy(false);
      onLinked?.(false);
      return;
    }
    const href = incidentPath(target.id);
    addToast({
      variant: 'success',
      title: LINKED_MESSAGE,
      link: {
        text: `View ${target.incident_id || 'incident'}`,
        href,
        onClick: () => void navigate(href),
      },
    });
    onLinked?.(true);
    onClose();
  };

  const isNew = incident?.kind === 'new';
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={title ?? LINK_TO_INCIDENT_TITLE}
      size="small"
      canExpand={false}
      footer={
        <>
          <Button type="submit" form="link-to-incident-form" isDisabled={busy}>
            {busy ? 'Linking..' : 'Link'}
          </Button>
          <Button variant="link" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <Form id="link-to-incident-form" onSubmit={(e) => void submit(e)} noValidate>
        {failure && <Alert variant="danger" isInline title={failure} />}
        <FormGroup label="Incident" isRequired fieldId="link-incident">
          <Picker<IncidentItem>
            id="link-incident"
            aria-label="Incident"
            placeholder="Search or create an incident"
            value={
              incident &&
              (incident.kind === 'existing'
                ? { id: incident.incident.id, label: incident.incident.title }
                : { label: incident.title })
            }
            load={loadIncidents}
            renderOption={(item) => <IncidentOptionView incident={item.incident} />}
            createLabel={(text) => `Create new incident "${text}"`}
            onCreate={(text) =>
              set({ incident: { kind: 'new', title: text }, hypothesis: undefined })
            }
            onChange={(item) =>
              set({
                incident: item && { kind: 'existing', incident: item.incident },
                hypothesis: item && defaultHypothesis(item.incident),
              })
            }
            isInvalid={Boolean(shown.incident)}
            isDisabled={busy}
          />
          <FieldError text={shown.incident} />
        </FormGroup>
        <FormGroup label="Description" fieldId="link-description">
          <TextInput
            id="link-description"
            value={values.description}
            isDisabled={busy}
            onChange={(_e, description) => set({ description })}
          />
        </FormGroup>
        {isNew && (
          <>
            <ChoiceField
              id="link-type"
              label="Type"
              value={values.type}
              choices={INCIDENT_TYPES}
              error={shown.type}
              onChange={(type) => set({ type })}
            />
            <ChoiceField
              id="link-severity"
              label="Severity"
              value={values.severity}
              choices={INCIDENT_SEVERITIES}
              error={shown.severity}
              onChange={(severity) => set({ severity })}
            />
          </>
        )}
        <FormGroup label="Hypothesis" isRequired={!isNew} fieldId="link-hypothesis">
          {isNew ? (
            <>
              <TextInput
                id="link-hypothesis"
                value={hypothesis?.title ?? ''}
                isDisabled={busy}
                onChange={(_e, text) => set({ hypothesis: { kind: 'new', title: text } })}
              />
              <FormHelperText>
                <HelperText>
                  <HelperTextItem>
                    The new incident&apos;s root hypothesis; its title when left empty.
                  </HelperTextItem>
                </HelperText>
              </FormHelperText>
            </>
          ) : (
            <Picker<HypothesisItem>
              // A fresh search for each incident.
              key={existingId ?? 'none'}
              id="link-hypothesis"
              aria-label="Hypothesis"
              placeholder={
                existingId ? 'Search or create a hypothesis' : 'Choose an incident first'
              }
              value={
                hypothesis && {
                  id: hypothesis.kind === 'existing' ? hypothesis.id : undefined,
                  label: hypothesis.title,
                }
              }
              load={loadHypotheses}
              createLabel={(text) => `Create new hypothesis "${text}"`}
              onCreate={(text) => set({ hypothesis: { kind: 'new', title: text } })}
              onChange={(item) =>
                set({ hypothesis: item && { kind: 'existing', id: item.id, title: item.label } })
              }
              isInvalid={Boolean(shown.hypothesis)}
              isDisabled={busy || !existingId}
            />
          )}
          <FieldError text={shown.hypothesis} />
        </FormGroup>
      </Form>
    </Dialog>
  );
}
