import { useMemo, useState } from 'react';
import { Badge, Card, Empty, Flex, Grid, Segmented, Select, Switch, Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { LEAD_STATE_LABELS, LEAD_STATES, vehicleTitle, type DeskLead, type LeadState, type PublicUser } from '@app/shared';
import { useDeskStaff, useLeads, type LeadFilters } from '../../api/queries';
import { formatDateTime } from '../../lib/dates';
import { TableSkeleton } from '../TableSkeleton';
import { DeskInbox } from './DeskInbox';
import { DeskReportView } from './DeskReportView';
import { LeadDrawer } from './LeadDrawer';
import { SOURCE_LABELS } from './desk-texts';

type View = 'board' | 'report' | 'inbox';
type AssigneeFilter = 'all' | 'mine' | 'none' | number;

const STATE_COLORS: Record<LeadState, string> = { new: 'blue', contacted: 'cyan', qualified: 'purple', negotiating: 'orange', sold: 'green', lost: 'default' };

/**
 * The associate desk: the board of leads by state (one column at a time on a phone), filters by assignee and
 * overdue first responses, the lead drawer with the thread and the trail, the report and the inbound mail
 * that matched no lead. One entry of the console's navigation; its views switch inside it.
 */
export function DeskTab({ user, enabled, title = 'Associate Desk' }: { user: PublicUser; enabled: boolean; title?: string }) {
  const [view, setView] = useState<View>('board');
  return (
    <section aria-labelledby="adm-desk-heading" className="adm-console-stack">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} id="adm-desk-heading" style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'board', label: 'Leads' },
            { value: 'report', label: 'Report' },
            { value: 'inbox', label: 'Unmatched mail' },
          ]}
        />
      </Flex>
      {view === 'board' && <Board user={user} enabled={enabled} />}
      {view === 'report' && <DeskReportView enabled={enabled} />}
      {view === 'inbox' && <DeskInbox enabled={enabled} />}
    </section>
  );
}

function Board({ user, enabled }: { user: PublicUser; enabled: boolean }) {
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? false;
  const [assignee, setAssignee] = useState<AssigneeFilter>(user.role === 'associate' ? 'mine' : 'all');
  const [overdue, setOverdue] = useState(false);
  const [phoneState, setPhoneState] = useState<LeadState>('new');
  const [openId, setOpenId] = useState<number | null>(null);
  const staff = useDeskStaff(enabled);
  const filters: LeadFilters = {
    ...(assignee === 'mine' ? { assignedTo: user.id } : assignee === 'all' ? {} : { assignedTo: assignee }),
    ...(overdue ? { overdue: true } : {}),
  };
  const leads = useLeads(filters, enabled);
  const byState = useMemo(() => {
    const groups = Object.fromEntries(LEAD_STATES.map((s) => [s, [] as DeskLead[]])) as Record<LeadState, DeskLead[]>;
    for (const lead of leads.data?.items ?? []) groups[lead.state].push(lead);
    return groups;
  }, [leads.data]);

  const assigneeOptions = [
    { value: 'all', label: 'Everyone' },
    { value: 'mine', label: 'My leads' },
    { value: 'none', label: 'Unassigned' },
    ...(staff.data ?? []).filter((s) => s.id !== user.id).map((s) => ({ value: s.id, label: s.name })),
  ];

  return (
    <>
      <Flex wrap gap={12} align="center" className="adm-desk-filters">
        <label className="adm-desk-filter">
          <span>Assigned to</span>
          <Select<AssigneeFilter> value={assignee} onChange={setAssignee} options={assigneeOptions} style={{ minWidth: 180 }} aria-label="Assigned to" />
        </label>
        <label className="adm-desk-filter">
          <Switch checked={overdue} onChange={setOverdue} aria-label="Overdue only" />
          <span>Overdue only</span>
        </label>
        {!wide && (
          <label className="adm-desk-filter">
            <span>State</span>
            <Select<LeadState>
              value={phoneState}
              onChange={setPhoneState}
              aria-label="State"
              style={{ minWidth: 160 }}
              options={LEAD_STATES.map((s) => ({ value: s, label: `${LEAD_STATE_LABELS[s]} (${byState[s].length})` }))}
            />
          </label>
        )}
        <Typography.Text type="secondary" aria-live="polite">
          {leads.data ? `${leads.data.total} lead${leads.data.total === 1 ? '' : 's'}` : ''}
        </Typography.Text>
      </Flex>
      {leads.isPending ? (
        <TableSkeleton />
      ) : leads.isError ? (
        <Typography.Paragraph>The leads could not be loaded.</Typography.Paragraph>
      ) : (
        <div className={wide ? 'adm-desk-board' : 'adm-desk-board is-phone'}>
          {(wide ? LEAD_STATES : [phoneState]).map((state) => (
            <section key={state} className="adm-desk-column" aria-labelledby={`adm-desk-col-${state}`}>
              <h5 id={`adm-desk-col-${state}`} className="adm-desk-column-title">
                <Tag color={STATE_COLORS[state]}>{LEAD_STATE_LABELS[state]}</Tag>
                <span className="adm-desk-count">{byState[state].length}</span>
              </h5>
              {byState[state].length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No leads" />
              ) : (
                <ul className="adm-desk-cards">
                  {byState[state].map((lead) => (
                    <li key={lead.id}>
                      <LeadCard lead={lead} onOpen={() => setOpenId(lead.id)} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
      <LeadDrawer id={openId} user={user} staff={staff.data ?? []} onClose={() => setOpenId(null)} />
    </>
  );
}

function LeadCard({ lead, onOpen }: { lead: DeskLead; onOpen: () => void }) {
  return (
    <Card size="small" className={lead.overdue ? 'adm-desk-card is-overdue' : 'adm-desk-card'}>
      <button type="button" className="adm-desk-card-open" onClick={onOpen}>
        <span className="adm-desk-sr">Open lead {lead.id}: </span>
        <Flex vertical gap={2} align="start">
          <Typography.Text strong>{lead.buyerName}</Typography.Text>
          <Typography.Text className="adm-desk-card-line">{lead.vehicle ? vehicleTitle(lead.vehicle) : 'Listing removed'}</Typography.Text>
          <Typography.Text type="secondary" className="adm-desk-card-line">
            {SOURCE_LABELS[lead.source]} · {formatDateTime(lead.createdAt)}
          </Typography.Text>
          <Typography.Text type="secondary" className="adm-desk-card-line">
            {lead.assignedTo ? lead.assignedTo.name : 'Unassigned'}
          </Typography.Text>
        </Flex>
      </button>
      <Flex gap={4} wrap>
        {lead.overdue && (
          <Tag color="red" icon={<ClockCircleOutlined />}>
            Overdue
          </Tag>
        )}
        {lead.fee && <Badge color="green" text={`Fee ${lead.fee.state}`} />}
      </Flex>
    </Card>
  );
}
