import { Bullseye, Card, CardBody, CardTitle, Content, Title } from '@patternfly/react-core';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  /** A line under the heading explaining the step. */
  description?: ReactNode;
  children: ReactNode;
}

/** The centred card every sign-in and account page is drawn in (outside the console shell). */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <Bullseye
      style={{
        minHeight: '100vh',
        background: 'var(--pf-t--global--background--color--secondary--default)',
      }}
    >
      <Card style={{ width: 440 }}>
        <CardTitle>
          <Title headingLevel="h1" size="2xl">
            {title}
          </Title>
          {description && <Content component="p">{description}</Content>}
        </CardTitle>
        <CardBody>{children}</CardBody>
      </Card>
    </Bullseye>
  );
}
