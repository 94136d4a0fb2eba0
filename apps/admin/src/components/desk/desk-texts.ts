import type { LeadSource, LeadTrailKind, LostReason } from '@app/shared';

export const SOURCE_LABELS: Record<LeadSource, string> = { contact: 'Contact form', financing: 'Financing request', call: 'Call', text: 'Text' };

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  'no-response': 'No response',
  'bought-elsewhere': 'Bought elsewhere',
  price: 'Price',
  'financing-declined': 'Financing declined',
  'car-sold': 'Car sold to another buyer',
  'not-interested': 'Not interested',
  spam: 'Spam',
  other: 'Other',
};

export const TRAIL_LABELS: Record<LeadTrailKind, string> = {
  call: 'Call',
  text: 'Text',
  note: 'Note',
  task: 'Task',
  created: 'Lead created',
  state: 'State',
  assigned: 'Assignment',
  fee: 'Fee',
  escalated: 'Escalated',
  'financing-erased': 'Financing erased',
};
