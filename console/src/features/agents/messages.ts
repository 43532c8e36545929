/** The Agents page's words, shared by the page, its dialogs and their tests. */
export const AGENTS_TITLE = 'Agents';
export const ADD_AGENT = 'Add agent';
export const NO_AGENTS = 'No agents yet';
export const NO_AGENTS_BODY =
  'An agent is a remote Vigil that pushes its checks, configs and topologies to this one.';
export const AGENT_CREATED = 'Agent created';
export const AGENT_UPDATED = 'Agent updated';
export const AGENT_DELETED = 'Agent deleted';
export const REQUIRED = 'This field is required';
export const INVALID_NAME = 'Use lower-case letters, digits and dashes, at most 63 characters';
export const INSTALL_TITLE = 'Installation Instructions';
export const TOKEN_ONCE =
  'The access token is shown only once: copy it now. It cannot be shown again once this dialog is closed.';
export const CLEANUP_TITLE = 'Delete the resources of this agent?';
export const CLEANUP_QUESTION =
  'Should the checks, configs, topologies and other resources this agent pushed be deleted as well?';
export const DELETE_TITLE = 'Delete Agent';
export const deleteQuestion = (name: string, cleanup: boolean) =>
  `Are you sure you want to delete the agent ${name}${
    cleanup ? ' and everything it pushed' : ' (what it pushed is kept)'
  }?`;
