/** The playbook spec toasts of spec 002 §8. */
export const CREATED_TOAST = 'Playbook Spec created successfully';
export const UPDATED_TOAST = 'Playbook Spec updated successfully';
/** §8 names no success text for a delete; this one reads like its siblings. */
export const DELETED_TOAST = 'Playbook Spec deleted successfully';
export const saveFailedToast = (message: string) => `Unable to update playbook spec: ${message}`;
export const deleteFailedToast = (message: string) => `Unable to delete playbook spec: ${message}`;
