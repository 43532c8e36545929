/** The notifications area's routes (spec 002 §2 "Notifications"). */
export const HISTORY_PATH = '/notifications';
export const RULES_PATH = '/notifications/rules';
export const SILENCES_PATH = '/notifications/silences';
export const ADD_SILENCE_PATH = '/notifications/silences/add';

/** The query parameter that opens a row's modal on each list. */
export const ID_PARAM = 'id';
/** `?id=new` opens the rule form empty. */
export const NEW_ID = 'new';

const withId = (path: string, id: string) =>
  `${path}?${new URLSearchParams({ [ID_PARAM]: id }).toString()}`;

export const historyHref = (id: string) => withId(HISTORY_PATH, id);
export const ruleHref = (id: string) => withId(RULES_PATH, id);
export const silenceHref = (id: string) => withId(SILENCES_PATH, id);

/** Where each kind of resource a notification or silence is about is shown. */
export function resourceHref(type: string | null | undefined, id: string): string | undefined {
  const key = encodeURIComponent(id);
  switch (type) {
    case 'check':
      return `/health?${new URLSearchParams({ checkId: id }).toString()}`;
    case 'config':
      return `/catalog/${key}`;
    case 'component':
      return `/topology/${key}`;
    case 'incident':
      return `/incidents/${key}`;
    case 'playbook':
      // A playbook event is about one of its runs.
      return `/playbooks/runs/${key}`;
    case 'canary':
      return `/settings/canaries/${key}`;
    default:
      return undefined;
  }
}
