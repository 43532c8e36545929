import { Tab, TabTitleText, Tabs } from '@patternfly/react-core';
import { useNavigate } from 'react-router';
import { HISTORY_PATH, RULES_PATH, SILENCES_PATH } from './paths';

const TABS = [
  { id: 'history', title: 'History', path: HISTORY_PATH },
  { id: 'rules', title: 'Rules', path: RULES_PATH },
  { id: 'silences', title: 'Silences', path: SILENCES_PATH },
] as const;

export type NotificationsTab = (typeof TABS)[number]['id'];

/** History, Rules and Silences across the top of the area's screens. */
export function NotificationsTabs({ active }: { active: NotificationsTab }) {
  const navigate = useNavigate();
  return (
    <Tabs
      aria-label="Notifications sections"
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
