import { useEffect, useState } from 'react';
import { App, Button, Descriptions, Drawer, Empty, Flex, Grid, Input, InputNumber, Select, Skeleton, Tag, Timeline, Typography } from 'antd';
import {
  ApiError,
  FEE_TRANSITIONS,
  formatPrice,
  isAuthFailure,
  LEAD_ACTIVITY_KINDS,
  LEAD_STATE_LABELS,
  LEAD_TRANSITIONS,
  LOST_REASONS,
  vehicleTitle,
  type DeskLeadDetail,
  type LeadActivityKind,
  type LeadState,
  type LostReason,
  type PublicUser,
  type StaffMember,
} from '@app/shared';
import { useLead, useLogActivity, useReplyToLead, useUpdateLead } from '../../api/queries';
import { formatDateTime } from '../../lib/dates';
import { LOST_REASON_LABELS, SOURCE_LABELS, TRAIL_LABELS } from './desk-texts';

/** The first field error of a refused change, else its message. */
function errorText(error: unknown): string {
  if (error instanceof ApiError && error.body) return error.body.errors?.[0]?.message ?? error.body.message;
  return error instanceof Error ? error.message : 'The change failed';
}

/** One lead: its details, state and assignee controls, the thread with a reply box, the activity log and form. */
export function LeadDrawer({ id, user, staff, onClose }: { id: number | null; user: PublicUser; staff: StaffMember[]; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const lead = useLead(id);
  const data = lead.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={screens.md ? 640 : '100%'}
      title={data ? `Lead #${data.id}: ${data.buyerName}` : 'Lead'}
      destroyOnHidden
      className="adm-desk-drawer"
    >
      {!data ? <Skeleton active paragraph={{ rows: 8 }} /> : <LeadBody lead={data} user={user} staff={staff} />}
    </Drawer>
  );
}

function LeadBody({ lead, user, staff }: { lead: DeskLeadDetail; user: PublicUser; staff: StaffMember[] }) {
  const { message, notification } = App.useApp();
  const update = useUpdateLead();
  const reply = useReplyToLead();
  const log = useLogActivity();
  const [state, setState] = useState<LeadState>(lead.state);
  const [lostReason, setLostReason] = useState<LostReason | undefined>(lead.lostReason ?? undefined);
  const [salePrice, setSalePrice] = useState<number | null>(null);
  const [replyText, setReplyText] = useState('');
  const [kind, setKind] = useState<LeadActivityKind>('note');
  const [activityText, setActivityText] = useState('');
  const [dueAt, setDueAt] = useState('');
  useEffect(() => setState(lead.state), [lead.state]);

  const failed = (error: unknown) => {
    if (!isAuthFailure(error)) notification.error({ title: 'Not saved', description: errorText(error) });
  };
  const saveState = () =>
    update.mutate(
      { id: lead.id, state, ...(state === 'lost' ? { lostReason } : {}), ...(state === 'sold' && salePrice !== null ? { salePrice } : {}) },
      { onSuccess: () => void message.success(`Lead is ${LEAD_STATE_LABELS[state].toLowerCase()}`), onError: failed },
    );
  const stateOptions = [lead.state, ...LEAD_TRANSITIONS[lead.state]].map((s) => ({ value: s, label: LEAD_STATE_LABELS[s] }));

  return (
    <Flex vertical gap={20}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'listing', label: 'Listing', children: lead.vehicle ? <a href={`/vehicles/${lead.vehicle.id}`}>{vehicleTitle(lead.vehicle)}</a> : 'Listing removed' },
          { key: 'source', label: 'Source', children: SOURCE_LABELS[lead.source] },
          {
            key: 'buyer',
            label: 'Buyer',
            children: (
              <Flex vertical>
                <span>{lead.buyerName}</span>
                {lead.buyerEmail && <a href={`mailto:${lead.buyerEmail}`}>{lead.buyerEmail}</a>}
                {lead.buyerPhone && <a href={`tel:${lead.buyerPhone}`}>{lead.buyerPhone}</a>}
              </Flex>
            ),
          },
          { key: 'received', label: 'Received', children: formatDateTime(lead.createdAt) },
          {
            key: 'response',
            label: 'First response',
            children: lead.firstResponseAt ? (
              formatDateTime(lead.firstResponseAt)
            ) : (
              <span>
                Due {formatDateTime(lead.responseDueAt)} {lead.overdue && <Tag color="red">Overdue</Tag>}
              </span>
            ),
          },
          ...(lead.fee
            ? [{ key: 'fee', label: 'Success fee', children: `${formatPrice(lead.fee.amount)} on ${formatPrice(lead.fee.salePrice)} (${lead.fee.state})` }]
            : []),
          ...(lead.lostReason ? [{ key: 'lost', label: 'Lost because', children: LOST_REASON_LABELS[lead.lostReason] }] : []),
        ]}
      />

      <section aria-label="Work the lead">
        <Flex vertical gap={8}>
          <Typography.Text strong>State</Typography.Text>
          <Flex gap={8} wrap>
            <Select<LeadState> value={state} onChange={setState} options={stateOptions} aria-label="Lead state" style={{ minWidth: 160 }} disabled={lead.state === 'sold'} />
            {state === 'lost' && lead.state !== 'lost' && (
              <Select<LostReason>
                value={lostReason}
                onChange={setLostReason}
                placeholder="Reason"
                aria-label="Lost reason"
                style={{ minWidth: 180 }}
                options={LOST_REASONS.map((r) => ({ value: r, label: LOST_REASON_LABELS[r] }))}
              />
            )}
            {state === 'sold' && lead.state !== 'sold' && (
              <InputNumber<number> value={salePrice} onChange={setSalePrice} min={1} prefix="$" placeholder="Sale price" aria-label="Sale price" style={{ width: 160 }} />
            )}
            <Button type="primary" onClick={saveState} loading={update.isPending} disabled={state === lead.state}>
              Save state
            </Button>
          </Flex>
          <Typography.Text strong>Assigned to</Typography.Text>
          <Select<number | null>
            value={lead.assignedTo?.id ?? null}
            aria-label="Assigned to"
            style={{ maxWidth: 320 }}
            onChange={(assignedTo) => update.mutate({ id: lead.id, assignedTo }, { onSuccess: () => void message.success('Lead reassigned'), onError: failed })}
            options={[{ value: null, label: 'Unassigned' }, ...staff.map((s) => ({ value: s.id, label: `${s.name} (${s.role})` }))]}
          />
          {lead.fee && user.role === 'admin' && FEE_TRANSITIONS[lead.fee.state].length > 0 && (
            <Flex gap={8} wrap align="center">
              <Typography.Text strong>Fee</Typography.Text>
              {FEE_TRANSITIONS[lead.fee.state].map((next) => (
                <Button key={next} onClick={() => update.mutate({ id: lead.id, feeState: next }, { onError: failed })}>
                  Mark {next}
                </Button>
              ))}
            </Flex>
          )}
        </Flex>
      </section>

      {(lead.financing || lead.financingErased) && (
        <section aria-label="Financing answers">
          <Typography.Text strong>Financing pre-qualification</Typography.Text>
          {lead.financing ? (
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'id', label: 'ID', children: `${lead.financing.idType}: ${lead.financing.idNumber}` },
                { key: 'income', label: 'Annual income', children: formatPrice(lead.financing.annualIncome) },
                { key: 'credit', label: 'Credit history', children: lead.financing.creditHistory },
                { key: 'insurance', label: 'Insurance', children: lead.financing.hasInsurance ? `Yes${lead.financing.insurer ? `, ${lead.financing.insurer}` : ''}` : 'No' },
              ]}
            />
          ) : (
            <Typography.Paragraph type="secondary">The answers were erased after the retention period.</Typography.Paragraph>
          )}
        </section>
      )}

      <section aria-labelledby="adm-desk-thread">
        <Typography.Title level={5} id="adm-desk-thread">
          Conversation
        </Typography.Title>
        {lead.thread.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages yet" />
        ) : (
          <ol className="adm-desk-thread">
            {lead.thread.map((m) => (
              <li key={m.id} className={m.direction === 'out' ? 'is-out' : 'is-in'}>
                <div className="adm-desk-bubble">
                  <div className="adm-desk-bubble-head">
                    {m.author} · {formatDateTime(m.createdAt)}
                  </div>
                  <div className="adm-desk-bubble-body">{m.body}</div>
                </div>
              </li>
            ))}
          </ol>
        )}
        {lead.buyerEmail && (
          <Flex vertical gap={8}>
            <Input.TextArea value={replyText} onChange={(e) => setReplyText(e.target.value)} rows={3} aria-label="Reply to the buyer" placeholder="Write a reply; it is e-mailed to the buyer" />
            <Button
              type="primary"
              style={{ alignSelf: 'flex-start' }}
              disabled={replyText.trim() === ''}
              loading={reply.isPending}
              onClick={() => reply.mutate({ id: lead.id, body: replyText }, { onSuccess: () => (setReplyText(''), void message.success('Reply sent')), onError: failed })}
            >
              Send reply
            </Button>
          </Flex>
        )}
      </section>

      <section aria-labelledby="adm-desk-activities">
        <Typography.Title level={5} id="adm-desk-activities">
          Activities
        </Typography.Title>
        <Flex vertical gap={8}>
          <Flex gap={8} wrap>
            <Select<LeadActivityKind>
              value={kind}
              onChange={setKind}
              aria-label="Activity"
              style={{ minWidth: 120 }}
              options={LEAD_ACTIVITY_KINDS.map((k) => ({ value: k, label: TRAIL_LABELS[k] }))}
            />
            {kind === 'task' && <Input type="datetime-local" value={dueAt} onChange={(e) => setDueAt(e.target.value)} aria-label="Due" style={{ maxWidth: 220 }} />}
          </Flex>
          <Input.TextArea value={activityText} onChange={(e) => setActivityText(e.target.value)} rows={2} aria-label="Activity notes" placeholder="What happened, or what to do" />
          <Button
            style={{ alignSelf: 'flex-start' }}
            disabled={activityText.trim() === '' || (kind === 'task' && dueAt === '')}
            loading={log.isPending}
            onClick={() =>
              log.mutate(
                { id: lead.id, kind, body: activityText, ...(kind === 'task' && dueAt ? { dueAt: new Date(dueAt).toISOString() } : {}) },
                { onSuccess: () => (setActivityText(''), setDueAt('')), onError: failed },
              )
            }
          >
            Log {TRAIL_LABELS[kind].toLowerCase()}
          </Button>
        </Flex>
        <Timeline
          style={{ marginTop: 16 }}
          items={lead.activities.map((a) => ({
            key: a.id,
            content: (
              <Flex vertical>
                <Typography.Text strong>
                  {TRAIL_LABELS[a.kind]}
                  {a.dueAt ? ` · due ${formatDateTime(a.dueAt)}` : ''}
                </Typography.Text>
                {a.body && <Typography.Text style={{ whiteSpace: 'pre-line' }}>{a.body}</Typography.Text>}
                <Typography.Text type="secondary">
                  {a.actor ?? 'System'} · {formatDateTime(a.createdAt)}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      </section>
    </Flex>
  );
}
