import {
  Alert,
  Button,
  CodeBlock,
  CodeBlockAction,
  CodeBlockCode,
  Content,
  FormGroup,
  Tab,
  TabTitleText,
  Tabs,
} from '@patternfly/react-core';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyToClipboard/CopyButton';
import { Dialog } from '../../components/Dialog/Dialog';
import { INSTALL_TITLE, TOKEN_ONCE } from './messages';
import {
  fluxManifest,
  helmCommand,
  serveCommand,
  TOKEN_SECRET,
  type AgentInstall,
} from './installInstructions';

/** The app's copy toast, naming what was copied. */
const copiedText = (what: string) => `Copied ${what} to clipboard`;

function Snippet({ label, text }: { label: string; text: string }) {
  return (
    <CodeBlock
      actions={
        <CodeBlockAction>
          <CopyButton text={text} aria-label={`Copy ${label}`} successText={copiedText(label)} />
        </CodeBlockAction>
      }
    >
      <CodeBlockCode aria-label={label} style={{ maxHeight: '24rem', overflow: 'auto' }}>
        {text}
      </CodeBlockCode>
    </CodeBlock>
  );
}

type InstallTab = 'flux' | 'helm';

/**
 * Shown once, right after an agent is created: the token is in the page's memory only and is
 * gone when this closes, so the dialog says so and offers to copy everything that holds it.
 */
export function InstallInstructionsDialog({
  install,
  onClose,
}: {
  install: AgentInstall;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<InstallTab>('flux');
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={INSTALL_TITLE}
      size="large"
      description={`Install the agent ${install.name} in the cluster it is to watch.`}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <Alert variant="warning" isInline title={TOKEN_ONCE} style={{ marginBottom: 16 }} />
      <FormGroup label="Access token" fieldId="agent-access-token">
        <AccessToken token={install.token} />
      </FormGroup>
      <Tabs
        aria-label="Install with"
        activeKey={tab}
        onSelect={(_e, key) => setTab(key as InstallTab)}
        style={{ marginTop: 16 }}
      >
        <Tab eventKey="flux" title={<TabTitleText>Flux</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <Content component="p">
              Commit these to the repository Flux syncs. The token is kept in the Secret{' '}
              {TOKEN_SECRET}; the chart comes from the HelmRepository vigil of config/flux.
            </Content>
            <Snippet label="Flux manifest" text={fluxManifest(install)} />
          </div>
        </Tab>
        <Tab eventKey="helm" title={<TabTitleText>Helm CLI</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <Content component="p">
              From a checkout of Vigil, with kubectl access to the cluster:
            </Content>
            <Snippet label="Helm command" text={helmCommand(install)} />
            <Content component="p" style={{ marginTop: 16 }}>
              Or, without a cluster, run the agent directly:
            </Content>
            <Snippet label="vigil serve command" text={serveCommand(install)} />
          </div>
        </Tab>
      </Tabs>
    </Dialog>
  );
}

/** The token on its own, for a Secret made some other way. */
function AccessToken({ token }: { token: string }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <code id="agent-access-token" style={{ wordBreak: 'break-all' }}>
        {token}
      </code>
      <CopyButton
        text={token}
        aria-label="Copy access token"
        successText={copiedText('access token')}
      />
    </div>
  );
}
