import { useState } from 'react';
import { Alert, Button, Card, ConfigProvider, Form, Input } from 'antd';
import { apiUrl, type PublicUser } from '@app/shared';

/** Standalone development only: signs an admin in through the proxied API. */
export function DevSignIn({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: { email: string; password: string }) {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(apiUrl('/api/login'), {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(values),
      });
      const body = (await response.json()) as PublicUser & { message?: string };
      if (!response.ok) throw new Error(body.message ?? `${response.status}`);
      if (body.role !== 'admin') throw new Error('This account is not an admin.');
      onSignedIn(body);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfigProvider prefixCls="adm" iconPrefixCls="adm-icon">
      <Card title="Admin console (development): sign in" style={{ maxWidth: 420, margin: '64px auto' }}>
        {error && <Alert type="error" title={error} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" onFinish={(v: { email: string; password: string }) => void submit(v)}>
          <Form.Item label="Email" name="email" rules={[{ required: true, type: 'email' }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block>
            Sign In
          </Button>
        </Form>
      </Card>
    </ConfigProvider>
  );
}
