import {
  Button,
  Divider,
  Dropdown,
  DropdownItem,
  DropdownList,
  Masthead,
  MastheadBrand,
  MastheadContent,
  MastheadLogo,
  MastheadMain,
  MastheadToggle,
  MenuToggle,
  PageToggleButton,
  Title,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from '@patternfly/react-core';
import { BarsIcon, BellIcon, QuestionCircleIcon, SyncAltIcon } from '@patternfly/react-icons';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { request, signInPath } from '../api/fetcher';
import { useBackendVersion } from '../api/session';
import { KubeconfigDialog } from '../features/kubeconfig/KubeconfigDialog';
import { DOCS_URL } from './docs';
import { useCurrentPageHeader } from './pageHeader';
import { useSession } from './session';

export const FRONTEND_VERSION = '1.0.795';

function HelpMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      isOpen={open}
      onOpenChange={setOpen}
      onSelect={() => setOpen(false)}
      popperProps={{ position: 'right' }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plain"
          aria-label="Help"
          onClick={() => setOpen(!open)}
          isExpanded={open}
        >
          <QuestionCircleIcon />
        </MenuToggle>
      )}
    >
      <DropdownList>
        <DropdownItem key="docs" to={DOCS_URL} isExternalLink>
          Docs
        </DropdownItem>
      </DropdownList>
    </Dropdown>
  );
}

function UserMenu() {
  const { whoami } = useSession();
  const backend = useBackendVersion();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [kubeconfigOpen, setKubeconfigOpen] = useState(false);

  const signOut = async () => {
    const here = `${location.pathname}${location.search}${location.hash}`;
    await request('/api/auth/logout', { method: 'POST', noAuthRedirect: true }).catch(
      () => undefined,
    );
    window.location.assign(signInPath(here));
  };

  return (
    <>
      <Dropdown
        isOpen={open}
        onOpenChange={setOpen}
        onSelect={() => setOpen(false)}
        popperProps={{ position: 'right' }}
        toggle={(ref) => (
          <MenuToggle
            ref={ref}
            variant="plainText"
            onClick={() => setOpen(!open)}
            isExpanded={open}
            aria-label="User menu"
          >
            Hi {whoami.user.name}
          </MenuToggle>
        )}
      >
        <DropdownList>
          <DropdownItem key="profile" onClick={() => navigate('/profile-settings')}>
            Your Profile
          </DropdownItem>
          <DropdownItem key="kubeconfig" onClick={() => setKubeconfigOpen(true)}>
            Download kubeconfig
          </DropdownItem>
          <Divider component="li" key="d1" />
          <DropdownItem key="version" isDisabled>
            Frontend {FRONTEND_VERSION} · Backend {backend ?? 'NA'}
          </DropdownItem>
          <Divider component="li" key="d2" />
          <DropdownItem key="signout" onClick={() => void signOut()}>
            Sign out
          </DropdownItem>
        </DropdownList>
      </Dropdown>
      <KubeconfigDialog isOpen={kubeconfigOpen} onClose={() => setKubeconfigOpen(false)} />
    </>
  );
}

export function TopBar({
  isSidebarOpen,
  onToggleSidebar,
}: {
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const header = useCurrentPageHeader();
  return (
    <Masthead>
      <MastheadMain>
        <MastheadToggle>
          <PageToggleButton
            isHamburgerButton
            isSidebarOpen={isSidebarOpen}
            onSidebarToggle={onToggleSidebar}
            aria-label={isSidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            variant="plain"
          >
            <BarsIcon />
          </PageToggleButton>
        </MastheadToggle>
        <MastheadBrand>
          <MastheadLogo component={(props) => <Link {...props} to="/" />}>
            <strong
              style={{ fontSize: '1.25rem', color: 'var(--pf-t--global--text--color--regular)' }}
            >
              Vigil
            </strong>
          </MastheadLogo>
        </MastheadBrand>
      </MastheadMain>
      <MastheadContent>
        <Toolbar isFullHeight isStatic>
          <ToolbarContent>
            <ToolbarItem>
              <Title headingLevel="h1" size="lg" data-testid="page-title">
                {header.title}
              </Title>
            </ToolbarItem>
            <ToolbarGroup align={{ default: 'alignEnd' }} gap={{ default: 'gapSm' }}>
              {header.actions && <ToolbarItem>{header.actions}</ToolbarItem>}
              {header.onRefresh && (
                <ToolbarItem>
                  <Button
                    variant="plain"
                    aria-label="Refresh"
                    onClick={header.onRefresh}
                    isDisabled={header.isLoading}
                    icon={<SyncAltIcon className={header.isLoading ? 'vigil-spin' : undefined} />}
                  />
                </ToolbarItem>
              )}
              <ToolbarItem>
                <Button
                  variant="plain"
                  aria-label="Notifications"
                  component={(props) => <Link {...props} to="/notifications" />}
                  icon={<BellIcon />}
                />
              </ToolbarItem>
              <ToolbarItem>
                <HelpMenu />
              </ToolbarItem>
              <ToolbarItem>
                <UserMenu />
              </ToolbarItem>
            </ToolbarGroup>
          </ToolbarContent>
        </Toolbar>
      </MastheadContent>
    </Masthead>
  );
}
