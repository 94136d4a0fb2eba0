import { Form, Input, Modal, Radio, Typography } from 'antd';
import { REJECTION_REASONS, type RejectionReason } from '@app/shared';

export interface RejectDecision {
  reason: RejectionReason;
  note?: string;
}

/**
 * Asks why something is rejected: a reason from the shared list (required) and a note to the seller
 * (optional, at most 1000 characters). Used for listings in the pending queue and for sellers' revisions.
 */
export function RejectReasonModal({
  title,
  description,
  okText,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  description?: string;
  okText: string;
  pending: boolean;
  onSubmit: (decision: RejectDecision) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RejectDecision>();
  return (
    <Modal open title={title} okText={okText} okButtonProps={{ danger: true, loading: pending }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      {description && <Typography.Paragraph>{description}</Typography.Paragraph>}
      <Form form={form} layout="vertical" onFinish={onSubmit}>
        <Form.Item name="reason" label="Reason" rules={[{ required: true, message: 'Choose a reason: the seller is told' }]}>
          {/* Radios rather than a select: eight reasons read at a glance, picked in one click (and antd's select leaves an unnamed listbox behind). */}
          <Radio.Group options={REJECTION_REASONS.map((r) => ({ value: r.value, label: r.label }))} style={{ display: 'flex', flexDirection: 'column', gap: 6 }} />
        </Form.Item>
        <Form.Item name="note" label="Note to the seller (optional)" rules={[{ max: 1000, message: 'At most 1000 characters' }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
