import { Content, PageSection, Switch, Title } from '@patternfly/react-core';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/pageHeader';
import { CATALOG_PATH } from './paths';
import { useHideDeletedCatalog } from './preferences';

/** /catalog/preferences: how the catalog list is shown, remembered in this browser. */
export function CatalogPreferencesPage() {
  usePageHeader({ title: 'Catalog Preferences' });
  const [hideDeleted, setHideDeleted] = useHideDeletedCatalog();
  return (
    <PageSection>
      <Title headingLevel="h1" style={{ marginBottom: 16 }}>
        Catalog Preferences
      </Title>
      <Switch
        id="hide-deleted-catalog"
        label="Hide Deleted Catalog"
        isChecked={hideDeleted}
        onChange={(_event, on) => setHideDeleted(on)}
      />
      <Content component="p" style={{ marginTop: 16 }}>
        <Link to={CATALOG_PATH}>Back to the catalog</Link>
      </Content>
    </PageSection>
  );
}
