import { Bullseye, EmptyState, EmptyStateBody, EmptyStateFooter } from '@patternfly/react-core';
import { BanIcon } from '@patternfly/react-icons';
import { Link } from 'react-router';
import { disablingSwitch, type Feature } from '../../app/features';
import { visibleSettings } from '../../app/navigation';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';

export const FEATURE_FLAGS_PATH = '/settings/feature-flags';

/** The property that switches a feature off (spec 000 §6: `<feature>.disable` = true). */
export const disableProperty = (feature: Feature) => `${feature}.disable`;

/**
 * The route of a feature this deployment has switched off. It says so, and where it is turned
 * back on, rather than answering "Page not found" for a page that exists.
 */
export function FeatureOffPage({ feature, title }: { feature: Feature; title: string }) {
  const { enabled, whoami } = useSession();
  const property = disableProperty(disablingSwitch(feature, enabled) ?? feature);
  const canOpenFlags = visibleSettings(enabled, whoami).some((e) => e.path === FEATURE_FLAGS_PATH);
  usePageHeader({ title });
  return (
    <Bullseye style={{ minHeight: '60vh' }}>
      <EmptyState headingLevel="h2" titleText={`${title} is turned off`} icon={BanIcon}>
        <EmptyStateBody>
          This feature is switched off by the feature flag <code>{property}</code>. An administrator
          can turn it on in Settings → Feature Flags: set the property <code>{property}</code> to{' '}
          <code>false</code>, or delete it.
        </EmptyStateBody>
        {canOpenFlags && (
          <EmptyStateFooter>
            <Link to={FEATURE_FLAGS_PATH}>Open Feature Flags</Link>
          </EmptyStateFooter>
        )}
      </EmptyState>
    </Bullseye>
  );
}
