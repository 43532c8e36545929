import { Badge, Tab, TabTitleText, Tabs } from '@patternfly/react-core';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatCount } from '../../lib/format';
import type { ConfigSummary } from './model';
import { CONFIG_TABS, tabBadge, tabPath, type ConfigTab } from './tabs';

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The config's tabs as links (each tab is a route, so it can be bookmarked or opened in a new
 * tab), each with its count badge from the config's summary.
 */
export function ConfigTabs({
  id,
  active,
  summary,
}: {
  id: string;
  active: ConfigTab;
  summary: ConfigSummary | null;
}) {
  const navigate = useNavigate();
  return (
    <Tabs
      component="nav"
      aria-label="Config"
      tabListAriaLabel="Config views"
      activeKey={active}
      onSelect={(event, key) => {
        const mouse = event as MouseEvent;
        // A modified click opens the link the browser's way (new tab, window).
        if (typeof mouse.button === 'number' && !isPlainClick(mouse)) return;
        event.preventDefault();
        void navigate(tabPath(id, key as ConfigTab));
      }}
    >
      {CONFIG_TABS.map((tab) => {
        const count = tabBadge(tab, summary);
        return (
          <Tab
            key={tab.key}
            eventKey={tab.key}
            href={tabPath(id, tab.key)}
            title={
              <>
                <TabTitleText>{tab.title}</TabTitleText>
                {count !== undefined && (
                  <>
                    {' '}
                    <Badge isRead={active !== tab.key}>{formatCount(count)}</Badge>
                  </>
                )}
              </>
            }
          />
        );
      })}
    </Tabs>
  );
}
