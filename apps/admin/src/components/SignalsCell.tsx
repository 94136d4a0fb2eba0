import { Flex, Tag, Tooltip, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { SIGNAL_LABELS, type ModerationSignal } from '@app/shared';

/** A pending listing's moderation signals, each with its reason, and their risk. */
export function SignalsCell({ signals, risk }: { signals: ModerationSignal[]; risk: number }) {
  if (signals.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>Risk {risk}</Typography.Text>
      {signals.map((s) => (
        <Tooltip key={s.code} title={s.reason}>
          <Tag color={s.weight >= 4 ? 'red' : 'orange'} icon={<WarningOutlined />} style={{ width: 'fit-content' }}>
            {SIGNAL_LABELS[s.code]}
          </Tag>
        </Tooltip>
      ))}
      <ul className="adm-console-signal-reasons">
        {signals.map((s) => (
          <li key={s.code}>{s.reason}</li>
        ))}
      </ul>
    </Flex>
  );
}
