import { Button, Gallery, Title } from '@patternfly/react-core';
import { useState, type ReactNode } from 'react';
import { hasGrant } from '../../app/access';
import { useSession } from '../../app/session';
import { Dialog } from '../../components/Dialog/Dialog';
import { useFailToast } from '../../components/SettingsResource/SettingsResource';
import { useToast } from '../../components/Toast/useToast';
import { newScraperDoc, type ScraperDoc } from '../catalog/scraperDocument';
import { ScraperEditor } from '../catalog/ScraperEditor';
import { createScraper } from '../catalog/scrapersApi';
import { scraperTypes, type ScraperType } from '../catalog/scraperTypes';
import { createTopology } from '../topology/spec/topologiesApi';
import { newTopologyDoc, type TopologyDoc } from '../topology/spec/topologyDocument';
import { TopologyEditor } from '../topology/spec/TopologyEditor';
import { GITOPS_CHARTS, type ChartDescriptor } from './charts';
import { GitOpsInstall } from './GitOpsInstall';
import { makeLogBackendDoc, type LogBackendDoc } from './logBackendDocument';
import { LogBackendEditor } from './LogBackendEditor';
import { createLogBackend } from './logBackendsApi';

/** The "Add Directly" options (spec 001 "Integrations"), with the table each one writes. */
export const DIRECT_OPTIONS = [
  { label: 'Custom Topology', object: 'topologies' },
  { label: 'Catalog Scraper', object: 'config_scrapers' },
  { label: 'Log Backends', object: 'logging_backends' },
] as const;
type DirectOption = (typeof DIRECT_OPTIONS)[number]['label'];

type Step =
  | { kind: 'options' }
  | { kind: 'gitops'; chart: ChartDescriptor }
  | { kind: 'direct'; option: DirectOption };

export interface AddIntegrationDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** After something was created here (the list reloads). */
  onAdded: () => void;
}

/**
 * Add Integration (spec 001 "Integrations"), full size: choose an option, then install a chart
 * via GitOps (instructions only) or create a topology, scraper or log backend directly.
 */
export function AddIntegrationDialog({ isOpen, onClose, onAdded }: AddIntegrationDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'options' });
  const [wasOpen, setWasOpen] = useState(isOpen);
  // Each opening starts at the options.
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setStep({ kind: 'options' });
  }
  const back = () => setStep({ kind: 'options' });
  const added = () => {
    onAdded();
    onClose();
  };

  let title = 'Add Integration';
  let body: ReactNode;
  let footer: ReactNode;
  switch (step.kind) {
    case 'options':
      body = <IntegrationOptions onChoose={setStep} />;
      break;
    case 'gitops':
      title = `Add Integration: ${step.chart.option}`;
      body = <GitOpsInstall key={step.chart.option} chart={step.chart} />;
      footer = (
        <>
          <Button variant="secondary" onClick={back}>
            Back
          </Button>
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </>
      );
      break;
    case 'direct':
      title = `Add Integration: ${step.option}`;
      body = <DirectAdd option={step.option} onBack={back} onAdded={added} />;
      break;
  }

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} size="full" footer={footer}>
      {body}
    </Dialog>
  );
}

function OptionGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ marginBottom: 24 }}>
      <Title headingLevel="h2" size="md" style={{ marginBottom: 12 }}>
        {title}
      </Title>
      <Gallery hasGutter minWidths={{ default: '12rem' }}>
        {children}
      </Gallery>
    </section>
  );
}

function IntegrationOptions({ onChoose }: { onChoose: (step: Step) => void }) {
  const { whoami, enabled } = useSession();
  const direct = DIRECT_OPTIONS.filter(
    (o) => hasGrant(whoami, o.object, 'write') && (o.label !== 'Log Backends' || enabled('logs')),
  );
  return (
    <>
      <OptionGroup title="Add via GitOps">
        {GITOPS_CHARTS.map((chart) => (
          <Button
            key={chart.option}
            variant="tertiary"
            isBlock
            onClick={() => onChoose({ kind: 'gitops', chart })}
          >
            {chart.option}
          </Button>
        ))}
      </OptionGroup>
      {direct.length > 0 && (
        <OptionGroup title="Add Directly">
          {direct.map((o) => (
            <Button
              key={o.label}
              variant="tertiary"
              isBlock
              onClick={() => onChoose({ kind: 'direct', option: o.label })}
            >
              {o.label}
            </Button>
          ))}
        </OptionGroup>
      )}
    </>
  );
}

/** Creates one row from the dialog: toast, then the list reloads and the dialog closes. */
function useCreate<Doc extends { name: string }>(
  create: (doc: Doc, userId: string) => Promise<void>,
  onAdded: () => void,
) {
  const { whoami } = useSession();
  const { addToast } = useToast();
  const fail = useFailToast();
  return async (doc: Doc) => {
    try {
      await create(doc, whoami.user.id);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name.trim()} created successfully` });
    onAdded();
  };
}

const noop = () => undefined;

function DirectAdd(props: { option: DirectOption; onBack: () => void; onAdded: () => void }) {
  switch (props.option) {
    case 'Custom Topology':
      return <NewTopology {...props} />;
    case 'Catalog Scraper':
      return <NewScraper {...props} />;
    case 'Log Backends':
      return <NewLogBackend {...props} />;
  }
}

interface NewProps {
  onBack: () => void;
  onAdded: () => void;
}

function NewTopology({ onBack, onAdded }: NewProps) {
  const [initial] = useState(newTopologyDoc);
  const save = useCreate<TopologyDoc>(createTopology, onAdded);
  return (
    <TopologyEditor
      initial={initial}
      exists={false}
      readOnly={false}
      canDelete={false}
      onBack={onBack}
      onSave={save}
      onDelete={noop}
    />
  );
}

function NewScraper({ onBack, onAdded }: NewProps) {
  const [type, setType] = useState<ScraperType>();
  const save = useCreate<ScraperDoc>(createScraper, onAdded);
  if (type) {
    return (
      <ScraperEditor
        key={type.label}
        initial={newScraperDoc(type)}
        type={type}
        exists={false}
        readOnly={false}
        canDelete={false}
        onBack={() => setType(undefined)}
        onSave={save}
        onDelete={noop}
      />
    );
  }
  return (
    <section aria-label="Scraper type">
      <Title headingLevel="h2" size="md" style={{ marginBottom: 12 }}>
        Choose the type of catalog scraper
      </Title>
      <Gallery hasGutter minWidths={{ default: '12rem' }}>
        {scraperTypes().map((t) => (
          <Button key={t.label} variant="tertiary" isBlock onClick={() => setType(t)}>
            {t.label}
          </Button>
        ))}
      </Gallery>
      <Button variant="secondary" style={{ marginTop: 24 }} onClick={onBack}>
        Back
      </Button>
    </section>
  );
}

function NewLogBackend({ onBack, onAdded }: NewProps) {
  const [initial] = useState(() => makeLogBackendDoc({}));
  const save = useCreate<LogBackendDoc>(createLogBackend, onAdded);
  return (
    <LogBackendEditor
      initial={initial}
      exists={false}
      readOnly={false}
      canDelete={false}
      onBack={onBack}
      onSave={save}
      onDelete={noop}
    />
  );
}
