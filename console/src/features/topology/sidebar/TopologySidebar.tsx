import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionToggle,
} from '@patternfly/react-core';
import { useState, type ReactNode } from 'react';
import { useSession } from '../../../app/session';
import type { TopologyComponent } from '../types';
import { DetailsPanel } from './DetailsPanel';
import { InsightsPanel, PlaybooksPanel } from './PagedPanels';
import {
  CatalogPanel,
  ChangesPanel,
  ChecksPanel,
  IncidentsPanel,
  TeamsPanel,
} from './SimplePanels';

export const PANELS = [
  'Details',
  'Catalog',
  'Incidents',
  'Changes',
  'Checks',
  'Playbooks',
  'Teams',
  'Insights',
] as const;
export type PanelName = (typeof PANELS)[number];

function panelBody(name: PanelName, component: TopologyComponent): ReactNode {
  const id = component.id;
  switch (name) {
    case 'Details':
      return <DetailsPanel component={component} />;
    case 'Catalog':
      return <CatalogPanel componentId={id} />;
    case 'Incidents':
      return <IncidentsPanel componentId={id} />;
    case 'Changes':
      return <ChangesPanel componentId={id} />;
    case 'Checks':
      return <ChecksPanel componentId={id} />;
    case 'Playbooks':
      return <PlaybooksPanel componentId={id} />;
    case 'Teams':
      return <TeamsPanel componentId={id} />;
    case 'Insights':
      return <InsightsPanel componentId={id} />;
  }
}

/**
 * The sidebar of /topology/{id} (spec 002 §2): collapsible panels, one open at a time (Details
 * first); Incidents only while the incidents feature is on. A panel reads its rows when opened.
 */
export function TopologySidebar({ component }: { component: TopologyComponent }) {
  const { enabled } = useSession();
  const [open, setOpen] = useState<PanelName | undefined>('Details');
  const panels = PANELS.filter((name) => name !== 'Incidents' || enabled('incidents'));
  return (
    <aside aria-label="Component details">
      <Accordion togglePosition="start" asDefinitionList={false}>
        {panels.map((name) => {
          const isExpanded = open === name;
          const toggleId = `topology-panel-${name.toLowerCase()}`;
          return (
            <AccordionItem key={name} isExpanded={isExpanded}>
              <AccordionToggle id={toggleId} onClick={() => setOpen(isExpanded ? undefined : name)}>
                {name}
              </AccordionToggle>
              <AccordionContent role="region" aria-labelledby={toggleId}>
                {isExpanded && panelBody(name, component)}
              </AccordionContent>
            </AccordionItem>
          );
        })}
      </Accordion>
    </aside>
  );
}
