import { Alert, Button, List, ListItem } from '@patternfly/react-core';
import { CopyButton } from '../../components/CopyToClipboard/CopyButton';

export interface RecoveryCodesListProps {
  codes: readonly string[];
  onDone: () => void;
}

/** New recovery codes, shown once: the server keeps only digests. */
export function RecoveryCodesList({ codes, onDone }: RecoveryCodesListProps) {
  return (
    <Alert
      variant="warning"
      isInline
      title="Save these recovery codes now. They are shown only once."
      actionLinks={
        <>
          <CopyButton text={codes.join('\n')} variant="link" aria-label="Copy recovery codes">
            Copy recovery codes
          </CopyButton>
          <Button variant="link" onClick={onDone}>
            I have saved them
          </Button>
        </>
      }
    >
      Each code signs you in once when you cannot use your authenticator app.
      <List aria-label="Recovery codes" isPlain style={{ fontFamily: 'monospace' }}>
        {codes.map((code) => (
          <ListItem key={code}>{code}</ListItem>
        ))}
      </List>
    </Alert>
  );
}
