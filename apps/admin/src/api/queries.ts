import { createContext, useContext } from 'react';
import { keepPreviousData, QueryClient, useMutation, useQuery, useQueryClient, type QueryClientConfig } from '@tanstack/react-query';
import type { MailStatus, AdminVehicleEdit, AnalyticsPeriod, DeskLeadDetail, LeadActivityKind, ListingStatus, RejectionReason, UpdateLeadDto } from '@app/shared';
import type { ApiClient } from './client';

export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside <ApiContext.Provider>');
  return api;
}

/** SPEC.md section 9: no refetch interval, no refetch on focus, data never stale, no retries. */
export function createQueryClient(config: Omit<QueryClientConfig, 'defaultOptions'> = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export const PAGE_SIZE = 20;

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  vehicles: (list: 'pending' | 'approved', page?: number) =>
    page === undefined ? (['admin', 'vehicles', list] as const) : (['admin', 'vehicles', list, page] as const),
  analytics: (period: AnalyticsPeriod) => ['admin', 'analytics', period] as const,
  inquiries: (handled?: boolean, page?: number) =>
    handled === undefined ? (['admin', 'inquiries'] as const) : (['admin', 'inquiries', handled, page] as const),
  revisions: (page?: number) => (page === undefined ? (['admin', 'revisions'] as const) : (['admin', 'revisions', page] as const)),
  audit: (page?: number) => (page === undefined ? (['admin', 'audit'] as const) : (['admin', 'audit', page] as const)),
  mail: (status?: MailStatus) => (status === undefined ? (['admin', 'mail'] as const) : (['admin', 'mail', status] as const)),
};

/** Every query takes `enabled`: admin data is requested only for a signed-in admin (SPEC.md section 6). */
export function useAdminStats(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: adminKeys.stats, queryFn: () => api.get('/admin/stats'), enabled });
}

export function useVehicleList(list: 'pending' | 'approved', page: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.vehicles(list, page),
    queryFn: () => api.get(`/admin/vehicles/${list}`, { page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The review queue with each listing's moderation signals, oldest first or highest risk first. */
export function usePendingQueue(page: number, sort: 'oldest' | 'risk', enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...adminKeys.vehicles('pending', page), sort],
    queryFn: () => api.get('/admin/vehicles/pending', { page, limit: PAGE_SIZE, sort }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAnalytics(period: AnalyticsPeriod, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.analytics(period),
    queryFn: () => api.get('/analytics/stats', { period }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInquiries(handled: boolean, page: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.inquiries(handled, page),
    queryFn: () => api.get('/admin/inquiries', { handled, page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The e-mail outbox: the newest messages of a status, with the count of each (the tab shows failed ones first). */
export function useMail(status: MailStatus, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.mail(status),
    queryFn: () => api.get('/admin/mail', { status }),
    placeholderData: keepPreviousData,
    // While e-mails wait to be sent, the counts follow the worker.
    refetchInterval: (query) => ((query.state.data?.counts.pending ?? 0) > 0 ? 3000 : false),
    enabled,
  });
}

export function useRetryMail() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/admin/mail/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.mail() }),
  });
}

export function useAuditTrail(page: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: () => api.get('/admin/audit', { page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Approve or reject: refreshes the lists, the stats and the audit trail. */
export function useChangeStatus() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; status: ListingStatus; reason?: RejectionReason; note?: string }) =>
      api.patch(`/admin/vehicles/${id}/status`, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.vehicles('pending') }),
        client.invalidateQueries({ queryKey: adminKeys.vehicles('approved') }),
        client.invalidateQueries({ queryKey: adminKeys.stats }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]),
  });
}

/** The edit modal's save: an admin's edit goes live at once (DECISIONS.md). */
export function useEditVehicle() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: AdminVehicleEdit }) => api.patch(`/admin/vehicles/${id}`, changes),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.vehicles('approved') }),
        client.invalidateQueries({ queryKey: adminKeys.vehicles('pending') }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]),
  });
}

export function useMarkInquiry() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => api.patch(`/admin/inquiries/${id}`, { handled }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.inquiries() }),
  });
}

/** Sellers' pending changes to live listings (GET /admin/revisions). */
export function useRevisions(page: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.revisions(page),
    queryFn: () => api.get('/admin/revisions', { page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type RevisionDecision = { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: RejectionReason; note?: string };

/** Approve (the changes go live) or reject (with a reason) a revision; refreshes the queue, the lists and the audit trail. */
export function useDecideRevision() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: RevisionDecision) =>
      d.decision === 'approve'
        ? api.post(`/admin/revisions/${d.id}/approve`)
        : api.post(`/admin/revisions/${d.id}/reject`, { reason: d.reason, note: d.note }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.revisions() }),
        client.invalidateQueries({ queryKey: adminKeys.vehicles('approved') }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]),
  });
}

// ---- The associate desk (issue 30) -------------------------------------------------------------------

export interface LeadFilters {
  assignedTo?: number | 'none';
  overdue?: boolean;
}

export const deskKeys = {
  all: ['desk'] as const,
  leads: (filters?: LeadFilters) => (filters === undefined ? (['desk', 'leads'] as const) : (['desk', 'leads', filters] as const)),
  lead: (id: number) => ['desk', 'lead', id] as const,
  staff: ['desk', 'staff'] as const,
  report: (days: number) => ['desk', 'report', days] as const,
  inbound: ['desk', 'inbound'] as const,
};

/** Every lead matching the filters (the board groups them by state), newest first. */
export function useLeads(filters: LeadFilters, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: deskKeys.leads(filters),
    queryFn: () =>
      api.get('/desk/leads', {
        limit: 100,
        ...(filters.assignedTo === 'none' ? { unassigned: true } : filters.assignedTo !== undefined ? { assignedTo: filters.assignedTo } : {}),
        ...(filters.overdue ? { overdue: true } : {}),
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLead(id: number | null) {
  const api = useApi();
  return useQuery({ queryKey: deskKeys.lead(id ?? 0), queryFn: () => api.get(`/desk/leads/${id!}`), enabled: id !== null });
}

export function useDeskStaff(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: deskKeys.staff, queryFn: () => api.get('/desk/staff'), enabled });
}

export function useDeskReport(days: number, enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: deskKeys.report(days), queryFn: () => api.get('/desk/report', { days }), placeholderData: keepPreviousData, enabled });
}

export function useDeskInbound(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: deskKeys.inbound, queryFn: () => api.get('/desk/inbound'), enabled });
}

/** Any change to a lead (state, assignee, reply, activity): the answer is the lead; the board and report refresh. */
function useLeadMutation<V>(send: (api: ReturnType<typeof useApi>, vars: V) => Promise<DeskLeadDetail>) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => send(api, vars),
    onSuccess: (lead) => {
      client.setQueryData(deskKeys.lead(lead.id), lead);
      return Promise.all([client.invalidateQueries({ queryKey: deskKeys.leads() }), client.invalidateQueries({ queryKey: ['desk', 'report'] })]);
    },
  });
}

export const useUpdateLead = () => useLeadMutation((api, { id, ...body }: { id: number } & UpdateLeadDto) => api.patch(`/desk/leads/${id}`, body));
export const useReplyToLead = () => useLeadMutation((api, { id, body }: { id: number; body: string }) => api.post(`/desk/leads/${id}/messages`, { body }));
export const useLogActivity = () =>
  useLeadMutation((api, { id, ...body }: { id: number; kind: LeadActivityKind; body: string; dueAt?: string }) => api.post(`/desk/leads/${id}/activities`, body));
