import {
  Alert,
  Button,
  Form,
  FormGroup,
  FormHelperText,
  HelperText,
  HelperTextItem,
  TextInput,
} from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { request } from '../../api/fetcher';
import { CopyButton } from '../../components/CopyToClipboard/CopyButton';
import { Dialog } from '../../components/Dialog/Dialog';
import { TOKENS_PATH, errorText, type CreatedToken } from './api';

export interface CreateTokenDialogProps {
  isOpen: boolean;
  /** Called when the dialog closes; `created` says whether the list changed. */
  onClose: (created: boolean) => void;
}

function expiryProblem(days: string): string | undefined {
  if (!days.trim()) return undefined;
  const n = Number(days);
  return Number.isInteger(n) && n > 0 ? undefined : 'Enter a whole number of days, or leave empty.';
}

/** Creates an API token, then shows its value — the only time it can be seen. */
export function CreateTokenDialog({ isOpen, onClose }: CreateTokenDialogProps) {
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  const [created, setCreated] = useState<CreatedToken>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const problem = expiryProblem(days);

  const close = () => {
    onClose(Boolean(created));
    setName('');
    setDays('');
    setCreated(undefined);
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    setBusy(true);
    setError(undefined);
    try {
      const body = days.trim() ? { name, expiresInDays: Number(days) } : { name };
      setCreated(await request<CreatedToken>(TOKENS_PATH, { method: 'POST', body }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const footer = created ? (
    <Button onClick={close}>Done</Button>
  ) : (
    <>
      <Button
        type="submit"
        form="create-token-form"
        isLoading={busy}
        isDisabled={busy || !name.trim() || Boolean(problem)}
      >
        Create
      </Button>
      <Button variant="link" onClick={close}>
        Cancel
      </Button>
    </>
  );

  return (
    <Dialog isOpen={isOpen} onClose={close} title="Create API token" size="small" footer={footer}>
      {created ? (
        <Alert variant="warning" isInline title="Copy this token now. It will not be shown again.">
          <code style={{ wordBreak: 'break-all' }} data-testid="created-token">
            {created.token}
          </code>
          <CopyButton text={created.token} aria-label="Copy the token" />
        </Alert>
      ) : (
        <Form id="create-token-form" onSubmit={(e) => void submit(e)}>
          {error && <Alert variant="danger" isInline isPlain title={error} />}
          <FormGroup label="Name" isRequired fieldId="token-name">
            <TextInput id="token-name" value={name} onChange={(_e, v) => setName(v)} isRequired />
          </FormGroup>
          <FormGroup label="Expires in (days)" fieldId="token-days">
            <TextInput
              id="token-days"
              type="number"
              min={1}
              value={days}
              onChange={(_e, v) => setDays(v)}
              validated={problem ? 'error' : 'default'}
            />
            <FormHelperText>
              <HelperText>
                <HelperTextItem variant={problem ? 'error' : 'default'}>
                  {problem ?? 'Leave empty for a token that does not expire.'}
                </HelperTextItem>
              </HelperText>
            </FormHelperText>
          </FormGroup>
        </Form>
      )}
    </Dialog>
  );
}
