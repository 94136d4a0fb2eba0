/** Every text of the admin dashboard that SPEC.md fixes (sections 2, 4 and 8), in one place. */
export const TEXT = {
  title: 'Admin Dashboard',
  subtitle: 'Manage listings and monitor platform activity',
  badge: 'Administrator',
  stats: { total: 'Total Listings', pending: 'Pending Approval', approved: 'Approved', rejected: 'Rejected' },
  tabs: {
    pending: (count: number | undefined) => (count === undefined ? 'Pending Approval' : `Pending Approval (${count})`),
    approved: 'Approved Listings',
    rejected: 'Rejected Listings',
    analytics: 'Website Analytics',
    inquiries: (open: number | undefined) => (open ? `Inquiries (${open})` : 'Inquiries'),
    audit: 'Audit Log',
    desk: 'Desk',
    mail: (failed: number | undefined) => (failed ? `E-mail (${failed} failed)` : 'E-mail'),
    revisions: (count: number | undefined) => (count ? `Changes to Review (${count})` : 'Changes to Review'),
  },
  revisions: {
    heading: 'Changes to Live Listings',
    intro: 'Sellers changed these live listings. The live version stays public until you approve; rejecting tells the seller why.',
    empty: 'No changes awaiting review',
    approved: 'Changes approved: the listing is updated',
    rejected: 'Changes rejected: the seller is told why',
    rejectTitle: 'Reject these changes',
  },
  pending: { heading: 'Listings Pending Approval', empty: 'No listings pending approval' },
  approved: { heading: 'Approved Listings - Edit Mode', empty: 'No approved listings to edit' },
  rejected: (count: number) => `${count} listings have been rejected`,
  rejectConfirm: 'Are you sure you want to reject this listing?',
  modal: {
    title: 'Edit Vehicle Details',
    description: 'Update all vehicle information. Changes will be reflected immediately on the live listing.',
    descriptionPending: 'Update all vehicle information. Changes are saved at once; the listing goes live when it is approved.',
    tabs: { basic: 'Basic Info', images: 'Images', features: 'Features', contact: 'Contact' },
    cancel: 'Cancel',
    save: 'Save Changes',
    uploading: 'Uploading...',
  },
  analytics: {
    heading: 'Website Analytics',
    periods: { '7d': 'Last 7 Days', '30d': 'Last 30 Days', '90d': 'Last 90 Days' },
    uniqueVisitors: 'Unique Visitors',
    totalPageViews: 'Total Page Views',
    averageDuration: 'Average Duration',
    perSession: 'Per session',
    summary: 'Analytics Summary',
    period: 'Period',
    averageSessionTime: 'Average Session Time',
    pagesPerVisitor: 'Pages per Visitor',
    failed: 'Failed to fetch analytics',
  },
  toast: {
    unauthorized: 'Unauthorized - Admin access required. Redirecting...',
    error: 'Error',
    statusFailed: 'Failed to update vehicle status',
    updateFailed: 'Failed to update vehicle',
    uploadFailed: 'Failed to upload images',
    statusUpdated: 'Vehicle status updated successfully',
    updated: 'Vehicle updated successfully',
    uploaded: (n: number) => `${n} image(s) uploaded successfully`,
  },
} as const;

/** SPEC.md section 9: the pause before an unauthorized visitor is sent on. */
export const REDIRECT_DELAY_MS = 500;
/** SPEC.md section 9: toasts stay 5 s, one at a time. */
export const TOAST_SECONDS = 5;
