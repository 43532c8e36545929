import {
  Button,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Form,
  FormGroup,
  TextInput,
} from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../components/CopyToClipboard/CopyButton';

export interface TotpSecret {
  secret: string;
  otpauthUrl: string;
}

export interface TotpSetupProps {
  setup: TotpSecret;
  onConfirm: (code: string) => Promise<unknown>;
  onCancel: () => void;
}

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** Shows the new secret (as text: the console draws no QR code) and confirms it with a code. */
export function TotpSetup({ setup, onConfirm, onCancel }: TotpSetupProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm(code.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p>
        Add this key to your authenticator app (or open the otpauth link on a phone), then enter the
        code the app shows.
      </p>
      <DescriptionList isCompact>
        <DescriptionListGroup>
          <DescriptionListTerm>Secret key</DescriptionListTerm>
          <DescriptionListDescription>
            <span style={mono}>{setup.secret}</span>
            <CopyButton text={setup.secret} aria-label="Copy the secret key" />
          </DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>otpauth URL</DescriptionListTerm>
          <DescriptionListDescription>
            <span style={mono}>{setup.otpauthUrl}</span>
            <CopyButton text={setup.otpauthUrl} aria-label="Copy the otpauth URL" />
          </DescriptionListDescription>
        </DescriptionListGroup>
      </DescriptionList>
      <Form
        onSubmit={(e) => void submit(e)}
        style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}
      >
        <FormGroup label="Verification code" isRequired fieldId="totp-code">
          <TextInput
            id="totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(_e, v) => setCode(v)}
            isRequired
          />
        </FormGroup>
        <div>
          <Button type="submit" isLoading={busy} isDisabled={busy || !code.trim()}>
            Enable
          </Button>{' '}
          <Button variant="link" onClick={onCancel} isDisabled={busy}>
            Cancel
          </Button>
        </div>
      </Form>
    </>
  );
}
