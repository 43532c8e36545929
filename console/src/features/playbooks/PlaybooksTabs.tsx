import { Tab, TabTitleText, Tabs } from '@patternfly/react-core';
import { useNavigate } from 'react-router';
import { PLAYBOOKS_PATH, RUNS_PATH } from './paths';

const TABS = [
  { id: 'playbooks', title: 'Playbooks', path: PLAYBOOKS_PATH },
  { id: 'runs', title: 'Runs', path: RUNS_PATH },
] as const;

/** Playbooks and Runs across the top of the area's index screens. */
export function PlaybooksTabs({ active }: { active: (typeof TABS)[number]['id'] }) {
  const navigate = useNavigate();
  return (
    <Tabs
      aria-label="Playbooks sections"
      activeKey={active}
      onSelect={(_event, key) => {
        const tab = TABS.find((t) => t.id === key);
        if (tab) void navigate(tab.path);
      }}
    >
      {TABS.map((tab) => (
        <Tab key={tab.id} eventKey={tab.id} title={<TabTitleText>{tab.title}</TabTitleText>} />
      ))}
    </Tabs>
  );
}
