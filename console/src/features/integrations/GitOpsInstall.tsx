import {
  Alert,
  CodeBlock,
  CodeBlockAction,
  CodeBlockCode,
  Content,
  Form,
  FormGroup,
  Grid,
  GridItem,
  Tab,
  TabTitleText,
  Tabs,
  TextInput,
} from '@patternfly/react-core';
import { useState } from 'react';
import { CodeView } from '../../components/CodeView/CodeView';
import { CopyButton } from '../../components/CopyToClipboard/CopyButton';
import { HelperLine } from '../../components/SpecForm/fields';
import type { ChartDescriptor } from './charts';
import {
  FLUX_WARNING,
  fluxManifest,
  helmCommands,
  newInstall,
  readValues,
  validateInstall,
  valuesToYaml,
  type FieldName,
  type GitOpsInstall as Install,
} from './gitops';

const FIELDS: { name: FieldName; label: string; helper: string }[] = [
  { name: 'name', label: 'Name', helper: 'The Helm release' },
  { name: 'namespace', label: 'Namespace', helper: 'Created if missing' },
  { name: 'interval', label: 'Interval', helper: 'How often Flux reconciles the release' },
  { name: 'version', label: 'Chart version', helper: 'A version or a range' },
];

type PreviewTab = 'flux' | 'helm';

/** The values editor's height; the install beside it scrolls within about the same. */
const PANE_HEIGHT = 420;

function Preview({ label, text }: { label: string; text: string }) {
  return (
    <CodeBlock
      actions={
        <CodeBlockAction>
          <CopyButton text={text} aria-label={`Copy ${label}`} />
        </CodeBlockAction>
      }
    >
      <CodeBlockCode aria-label={label} style={{ maxHeight: PANE_HEIGHT - 60, overflow: 'auto' }}>
        {text}
      </CodeBlockCode>
    </CodeBlock>
  );
}

/**
 * A GitOps option (spec 001 "Integrations"): the release's name, namespace, interval and chart
 * version, a values editor, and the install made of them — a Flux manifest or Helm CLI
 * commands — regenerated as the user types. Nothing is written to Vigil: the chart, once
 * installed, applies its scrapers, topologies and checks as Kubernetes resources.
 */
export function GitOpsInstall({ chart }: { chart: ChartDescriptor }) {
  const [install, setInstall] = useState<Install>(() => newInstall(chart));
  const [valuesText, setValuesText] = useState(() => valuesToYaml(install.values));
  const [valuesError, setValuesError] = useState<string>();
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [tab, setTab] = useState<PreviewTab>('flux');

  const errors = validateInstall(install);
  const valid = Object.keys(errors).length === 0;

  const typeValues = (text: string) => {
    setValuesText(text);
    const read = readValues(text);
    if (read.ok) {
      setValuesError(undefined);
      setInstall((i) => ({ ...i, values: read.values }));
    } else {
      setValuesError(read.error);
    }
  };

  return (
    <>
      <Content component="p">{chart.description}</Content>
      {chart.option === 'Flux' && (
        <Alert variant="warning" isInline title={FLUX_WARNING} style={{ marginBottom: 16 }} />
      )}
      <Form onSubmit={(e) => e.preventDefault()} noValidate>
        <Grid hasGutter md={6} xl={3}>
          {FIELDS.map((f) => {
            const id = `gitops-${f.name}`;
            const error = touched.has(f.name) ? errors[f.name] : undefined;
            return (
              <GridItem key={f.name}>
                <FormGroup label={f.label} isRequired fieldId={id}>
                  <TextInput
                    id={id}
                    value={install[f.name]}
                    validated={error ? 'error' : 'default'}
                    onBlur={() => setTouched((t) => new Set([...t, f.name]))}
                    onChange={(_e, v) => {
                      setInstall((i) => ({ ...i, [f.name]: v }));
                      setTouched((t) => new Set([...t, f.name]));
                    }}
                  />
                  <HelperLine text={f.helper} error={error} />
                </FormGroup>
              </GridItem>
            );
          })}
        </Grid>
      </Form>
      {/* Side by side on wide screens: each change to the values shows in the install at once. */}
      <Grid hasGutter lg={6} style={{ marginTop: 24 }}>
        <GridItem>
          <Form onSubmit={(e) => e.preventDefault()} noValidate>
            <FormGroup label="Values" fieldId="gitops-values">
              <Content component="small">
                Helm values of {chart.chart} {chart.version}; the chart&apos;s defaults apply to
                anything left out.
              </Content>
              <div id="gitops-values" aria-label="Values" role="group">
                <CodeView
                  value={valuesText}
                  language="yaml"
                  readOnly={false}
                  height={PANE_HEIGHT}
                  onChange={typeValues}
                />
              </div>
              {valuesError && <Alert variant="warning" isInline isPlain title={valuesError} />}
            </FormGroup>
          </Form>
        </GridItem>
        <GridItem>
          <section aria-label="Install">
            <Tabs
              aria-label="Install with"
              activeKey={tab}
              onSelect={(_e, key) => setTab(key as PreviewTab)}
              mountOnEnter
              unmountOnExit
            >
              <Tab eventKey="flux" title={<TabTitleText>Flux</TabTitleText>}>
                <div style={{ paddingTop: 16 }}>
                  {valid ? (
                    <Preview label="Flux manifest" text={fluxManifest(chart, install)} />
                  ) : (
                    <InvalidFields />
                  )}
                </div>
              </Tab>
              <Tab eventKey="helm" title={<TabTitleText>Helm CLI</TabTitleText>}>
                <div style={{ paddingTop: 16 }}>
                  {valid ? (
                    <Preview label="Helm CLI commands" text={helmCommands(chart, install)} />
                  ) : (
                    <InvalidFields />
                  )}
                </div>
              </Tab>
            </Tabs>
          </section>
        </GridItem>
      </Grid>
    </>
  );
}

function InvalidFields() {
  return (
    <Alert
      variant="info"
      isInline
      title="Correct the fields above to see the install instructions."
    />
  );
}
