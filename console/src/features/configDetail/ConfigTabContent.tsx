import { Skeleton } from '@patternfly/react-core';
import { lazy, Suspense } from 'react';
import { ChangesTab } from './changes/ChangesTab';
import { ChecksTab } from './checks/ChecksTab';
import { ConfigContent } from './ConfigContent';
import { InsightsTab } from './insights/InsightsTab';
import type { ConfigDetail } from './model';
import { PlaybooksTab } from './playbooks/PlaybooksTab';
import type { ConfigTab } from './tabs';

// The graph library (topology, d3, mobx) is large: load it with the Relationships tab.
const RelationshipsTab = lazy(() =>
  import('./relationships/RelationshipsTab').then((m) => ({ default: m.RelationshipsTab })),
);

/** The body of the chosen tab. */
export function ConfigTabContent({ tab, config }: { tab: ConfigTab; config: ConfigDetail }) {
  switch (tab) {
    case 'config':
      return <ConfigContent config={config} />;
    case 'changes':
      return <ChangesTab config={config} />;
    case 'insights':
      return <InsightsTab configId={config.id} />;
    case 'relationships':
      return (
        <Suspense fallback={<Skeleton height="24rem" screenreaderText="Loading relationships" />}>
          <RelationshipsTab config={config} />
        </Suspense>
      );
    case 'playbooks':
      return <PlaybooksTab configId={config.id} />;
    case 'checks':
      return <ChecksTab configId={config.id} />;
  }
}
