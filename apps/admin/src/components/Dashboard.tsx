import { Card, Flex, Statistic, Tabs, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { PublicUser } from '@app/shared';
import { useAdminStats, useInquiries, useMail, useRevisions } from '../api/queries';
import { TEXT } from '../lib/texts';
import { AnalyticsTab } from './AnalyticsTab';
import { ApprovedTable } from './ApprovedTable';
import { AuditTab } from './AuditTab';
import { DeskTab } from './desk/DeskTab';
import { InquiriesTab } from './InquiriesTab';
import { MailTab } from './MailTab';
import { PendingTable } from './PendingTable';
import { RevisionsTab } from './RevisionsTab';

function StatCard({ title, value, loading, accent }: { title: string; value: number | undefined; loading: boolean; accent: string }) {
  return (
    <Card size="small" loading={loading} className="adm-console-stat" style={{ borderTopColor: accent }}>
      <Statistic title={title} value={value ?? 0} />
    </Card>
  );
}

/** An associate's console: the desk alone (associates do not moderate listings or see the outbox). */
function AssociateDesk({ user }: { user: PublicUser }) {
  return (
    <div className="adm-console-stack">
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Associate Desk
        </Typography.Title>
        <Typography.Text type="secondary">Work buyer leads from first message to sale</Typography.Text>
      </div>
      <Card>
        <DeskTab user={user} enabled title="Leads and sales" />
      </Card>
    </div>
  );
}

/** The Admin Dashboard: header, the four stat cards and the tabs (pending first); an associate gets the desk. */
export function Dashboard({ user }: { user: PublicUser }) {
  if (user.role === 'associate') return <AssociateDesk user={user} />;
  return <AdminDashboard user={user} />;
}

function AdminDashboard({ user }: { user: PublicUser }) {
  const enabled = user.role === 'admin';
  const stats = useAdminStats(enabled);
  const openInquiries = useInquiries(false, 1, enabled);
  const revisions = useRevisions(1, enabled);
  const mail = useMail('failed', enabled);
  const s = stats.data;

  return (
    <div className="adm-console-stack">
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {TEXT.title}
          </Typography.Title>
          <Typography.Text type="secondary">{TEXT.subtitle}</Typography.Text>
        </div>
        <Tag icon={<SafetyCertificateOutlined />} color="red" className="adm-console-badge">
          {TEXT.badge}
        </Tag>
      </Flex>
      <div className="adm-console-grid adm-console-grid-4">
        <StatCard title={TEXT.stats.total} value={s?.total} loading={stats.isPending} accent="#1677ff" />
        <StatCard title={TEXT.stats.pending} value={s?.pending} loading={stats.isPending} accent="#faad14" />
        <StatCard title={TEXT.stats.approved} value={s?.approved} loading={stats.isPending} accent="#52c41a" />
        <StatCard title={TEXT.stats.rejected} value={s?.rejected} loading={stats.isPending} accent="#ff4d4f" />
      </div>
      <Card>
        <Tabs
          defaultActiveKey="pending"
          items={[
            { key: 'pending', label: TEXT.tabs.pending(s?.pending), children: <PendingTable enabled={enabled} /> },
            { key: 'revisions', label: TEXT.tabs.revisions(revisions.data?.total), children: <RevisionsTab enabled={enabled} /> },
            { key: 'approved', label: TEXT.tabs.approved, children: <ApprovedTable enabled={enabled} /> },
            {
              key: 'rejected',
              label: TEXT.tabs.rejected,
              children: <Typography.Paragraph className="adm-console-rejected">{TEXT.rejected(s?.rejected ?? 0)}</Typography.Paragraph>,
            },
            { key: 'analytics', label: TEXT.tabs.analytics, children: <AnalyticsTab enabled={enabled} /> },
            { key: 'inquiries', label: TEXT.tabs.inquiries(openInquiries.data?.total), children: <InquiriesTab enabled={enabled} /> },
            { key: 'mail', label: TEXT.tabs.mail(mail.data?.counts.failed), children: <MailTab enabled={enabled} /> },
            { key: 'audit', label: TEXT.tabs.audit, children: <AuditTab enabled={enabled} /> },
            { key: 'desk', label: TEXT.tabs.desk, children: <DeskTab user={user} enabled={enabled} /> },
          ]}
        />
      </Card>
    </div>
  );
}
