import {
  Nav,
  NavExpandable,
  NavItem,
  NavList,
  PageSidebar,
  PageSidebarBody,
} from '@patternfly/react-core';
import { Link, useLocation } from 'react-router';
import { MAIN_NAV, visibleEntries, visibleSettings, type NavEntry } from './navigation';
import { useSession } from './session';

function Item({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  const active = pathname === entry.path || pathname.startsWith(`${entry.path}/`);
  return (
    <NavItem
      itemId={entry.path}
      isActive={active}
      component={(props) => <Link {...props} to={entry.path} />}
    >
      {entry.label}
    </NavItem>
  );
}

export function Sidebar({ isOpen }: { isOpen: boolean }) {
  const { whoami, enabled } = useSession();
  const { pathname } = useLocation();
  const main = visibleEntries(MAIN_NAV, enabled, whoami);
  const settings = visibleSettings(enabled, whoami);
  return (
    <PageSidebar isSidebarOpen={isOpen} id="vigil-sidebar">
      <PageSidebarBody>
        <Nav aria-label="Main navigation">
          <NavList>
            {main.map((entry) => (
              <Item key={entry.path} entry={entry} pathname={pathname} />
            ))}
            {settings.length > 0 && (
              <NavExpandable
                title="Settings"
                buttonProps={{ id: 'nav-settings' }}
                isActive={pathname.startsWith('/settings')}
                isExpanded={pathname.startsWith('/settings')}
              >
                {settings.map((entry) => (
                  <Item key={entry.path} entry={entry} pathname={pathname} />
                ))}
              </NavExpandable>
            )}
          </NavList>
        </Nav>
      </PageSidebarBody>
    </PageSidebar>
  );
}
