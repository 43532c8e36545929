import { Button, Flex, FlexItem, Tab, TabTitleText, Tabs } from '@patternfly/react-core';
import { CogIcon } from '@patternfly/react-icons';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CATALOG_TABS,
  CONFIG_TYPE_PARAM,
  PREFERENCES_PATH,
  tabHref,
  type CatalogTab,
} from './paths';

/** Catalog, Changes, Insights and Scrapers across the top of the catalog's index screens. */
export function CatalogTabs({ active }: { active: CatalogTab }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const configType = params.get(CONFIG_TYPE_PARAM);
  return (
    <Flex
      justifyContent={{ default: 'justifyContentSpaceBetween' }}
      alignItems={{ default: 'alignItemsCenter' }}
      flexWrap={{ default: 'nowrap' }}
    >
      <FlexItem grow={{ default: 'grow' }}>
        <Tabs
          aria-label="Catalog sections"
          activeKey={active}
          onSelect={(_event, key) => void navigate(tabHref(key as CatalogTab, configType))}
        >
          {CATALOG_TABS.map((tab) => (
            <Tab key={tab.id} eventKey={tab.id} title={<TabTitleText>{tab.title}</TabTitleText>} />
          ))}
        </Tabs>
      </FlexItem>
      <FlexItem>
        <Button
          variant="plain"
          aria-label="Catalog preferences"
          icon={<CogIcon />}
          onClick={() => void navigate(PREFERENCES_PATH)}
        />
      </FlexItem>
    </Flex>
  );
}
