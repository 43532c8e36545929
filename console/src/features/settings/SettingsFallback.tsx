import { Navigate, useLocation, useParams } from 'react-router';
import { SETTINGS_NAV } from '../../app/navigation';
import { useSession } from '../../app/session';
import { AreaNotAvailable } from '../areas/AreaNotAvailable';
import { FeatureOffPage } from '../areas/FeatureOffPage';
import { NotFoundPage } from '../errors/NotFoundPage';

/**
 * Any other /settings/… path: a settings page this build has no screens for is named (not
 * "Settings"), a switched-off one says where to turn it on, and anything else is not found.
 */
export function SettingsFallback() {
  const { pathname } = useLocation();
  const { enabled } = useSession();
  const entry = SETTINGS_NAV.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
  if (!entry) return <NotFoundPage />;
  if (!enabled(entry.feature))
    return <FeatureOffPage feature={entry.feature} title={entry.label} />;
  return <AreaNotAvailable title={entry.label} />;
}

/** A settings table whose page lives elsewhere: the list, or one row (`:id`) there. */
export function RedirectTo({ to }: { to: (id: string | undefined) => string }) {
  const { id } = useParams();
  return <Navigate to={to(id)} replace />;
}
