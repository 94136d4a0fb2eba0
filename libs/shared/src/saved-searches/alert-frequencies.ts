// A saved search's alert choices and bounds, shared by the search page, the saved-searches page and the DTOs
// (saved-search.dto.ts): a module without decorators, so those pages do not bring class-validator with them.

/** How often a saved search e-mails its new matches and price drops. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'As soon as they appear',
  daily: 'Once a day',
  weekly: 'Once a week',
  off: 'No e-mails',
};

export const SAVED_SEARCH_LIMITS = { nameMax: 80, queryMax: 1000, perAccount: 50 } as const;
