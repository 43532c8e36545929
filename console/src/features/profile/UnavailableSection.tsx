import { Content } from '@patternfly/react-core';
import { SectionCard } from './SectionCard';

/** A section of the hosted identity service that self-hosted accounts do not have. */
export function UnavailableSection({ title, text }: { title: string; text: string }) {
  return (
    <SectionCard title={title}>
      <Content component="p">{text}</Content>
    </SectionCard>
  );
}
