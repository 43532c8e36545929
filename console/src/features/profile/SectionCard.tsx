import { Alert, Card, CardBody, CardTitle, Title } from '@patternfly/react-core';
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { TimedMessage } from './useTimedMessage';

export interface SectionCardProps {
  title: string;
  message?: TimedMessage;
  children: ReactNode;
}

/** One section of the profile page: a named region, so each is found by its title. */
export function SectionCard({ title, message, children }: SectionCardProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardTitle>
        <Title headingLevel="h2" size="lg" id={titleId}>
          {title}
        </Title>
      </CardTitle>
      <CardBody>
        {message && (
          <Alert
            variant={message.variant}
            isInline
            isPlain
            title={message.text}
            style={{ marginBottom: 'var(--pf-t--global--spacer--md)' }}
          />
        )}
        {children}
      </CardBody>
    </Card>
  );
}
