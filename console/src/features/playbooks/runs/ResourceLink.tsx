import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { checkHref, componentHref, configHref } from '../paths';
import type { RunRefs } from '../types';

type Ids = { config_id?: string | null; component_id?: string | null; check_id?: string | null };

/**
 * The resource a run is about, linked where it is shown: a config to the catalog, a component to
 * the topology, a check to its drawer on the Health page. Nothing for a run without one.
 */
export function ResourceLink({ refs, ids }: { refs: Partial<RunRefs>; ids?: Ids }) {
  const config = refs.config ?? (ids?.config_id ? { id: ids.config_id, name: null } : null);
  const component =
    refs.component ?? (ids?.component_id ? { id: ids.component_id, name: null } : null);
  const check = refs.check ?? (ids?.check_id ? { id: ids.check_id, name: null } : null);
  // The row may itself open the run: following the link is not a row click.
  const stop = (e: MouseEvent) => e.stopPropagation();
  if (config) {
    return (
      <Link to={configHref(config.id)} onClick={stop}>
        {config.name || config.id}
      </Link>
    );
  }
  if (component) {
    return (
      <Link to={componentHref(component.id)} onClick={stop}>
        {component.name || component.id}
      </Link>
    );
  }
  if (check) {
    return (
      <Link to={checkHref(check.id)} onClick={stop}>
        {check.name || check.id}
      </Link>
    );
  }
  return null;
}
