import { Button, Content, InputGroup, InputGroupItem, TextInput } from '@patternfly/react-core';
import { CopyButton } from '../../components/CopyToClipboard/CopyButton';
import { Dialog } from '../../components/Dialog/Dialog';

export interface LinkDialogProps {
  title: string;
  /** Says who the link is for and how long it lasts. */
  description: string;
  link: string;
  onClose: () => void;
}

/** Shows an invitation or recovery link to hand over (Vigil sends no e-mail). */
export function LinkDialog({ title, description, link, onClose }: LinkDialogProps) {
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={title}
      size="small"
      canExpand={false}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <Content component="p">{description}</Content>
      <InputGroup>
        <InputGroupItem isFill>
          <TextInput aria-label="Link" value={link} readOnlyVariant="default" />
        </InputGroupItem>
        <InputGroupItem>
          <CopyButton
            text={link}
            variant="secondary"
            aria-label="Copy link"
            successText="Link copied to clipboard"
          >
            Copy link
          </CopyButton>
        </InputGroupItem>
      </InputGroup>
    </Dialog>
  );
}
