/** The notification toasts and confirmations (spec 002 §8), and the ones §8 leaves unnamed. */
export const RULE_SAVED_TOAST = 'Notification updated successfully';
export const RULE_DELETED_TOAST = 'Notification deleted successfully';
export const DELETE_RULE_QUESTION = 'Are you sure you want to delete this notification rule?';

export const SILENCE_ADDED_TOAST = 'Notification silence added successfully';
export const SILENCE_UPDATED_TOAST = 'Notification silence updated successfully';
export const SILENCE_DELETED_TOAST = 'Notification silence deleted successfully';
export const DELETE_SILENCE_QUESTION = 'Are you sure you want to delete this notification silence?';

/** Spec 002 §9 gives no page size for these lists; the settings lists show 50. */
export const NOTIFICATIONS_PAGE_SIZE = 50;
