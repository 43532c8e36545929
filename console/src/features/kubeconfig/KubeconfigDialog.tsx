import { Button, Content, List, ListItem } from '@patternfly/react-core';
import { DownloadIcon } from '@patternfly/react-icons';
import { DOCS_URL } from '../../app/docs';
import { CodeView } from '../../components/CodeView/CodeView';
import { CopyButton } from '../../components/CopyToClipboard/CopyButton';
import { Dialog } from '../../components/Dialog/Dialog';

const FILE = '~/Downloads/vigil-kubeconfig.yaml';

export const KUBECONFIG_COMMANDS = `# use the downloaded file for this shell
export KUBECONFIG=${FILE}

# list the health checks (Canary resources) you can see
kubectl get canaries -A

# apply a health check from a file
kubectl apply -f canary.yaml`;

/** 'Download and install kubeconfig' (spec 000 §2.2). */
export function KubeconfigDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Download and install kubeconfig"
      size="medium"
      helpLink={`${DOCS_URL}kubectl.md`}
      footer={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <List component="ol">
        <ListItem>
          <Content component="p">
            Download a kubeconfig file. It holds a new personal access token for your user, so keep
            it private.
          </Content>
          <Button
            component="a"
            href="/api/kubeconfig"
            target="_blank"
            rel="noopener"
            variant="secondary"
            icon={<DownloadIcon />}
          >
            Download kubeconfig
          </Button>
        </ListItem>
        <ListItem>
          <Content component="p">
            Save it (the commands below assume <code>{FILE}</code>) and point kubectl at it:{' '}
            <CopyButton text={KUBECONFIG_COMMANDS} aria-label="Copy the commands" />
          </Content>
          {isOpen && <CodeView value={KUBECONFIG_COMMANDS} language="shell" height={170} />}
        </ListItem>
      </List>
    </Dialog>
  );
}
