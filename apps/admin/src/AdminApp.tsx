import { App as AntdApp, ConfigProvider, Typography } from 'antd';
import type { AdminAppProps } from '@app/shared';

/*
 * Style isolation inside the storefront page. antd 6 injects no global reset (that is the
 * opt-in antd/dist/reset.css), scopes every rule to its prefixed classes under :where(.css-<hash>),
 * and puts its CSS variables on a class rather than :root. What is left to collide is the
 * default `ant` prefix if the host ever loads another antd, so the admin uses its own prefixes
 * for classes, icons and CSS variables. No StyleProvider layer: that would let the host's
 * element styles (h1, button, ...) override antd inside the console.
 */
const PREFIX = 'adm';

export default function AdminApp({ basePath, apiBase, user }: AdminAppProps) {
  return (
    <ConfigProvider
      prefixCls={PREFIX}
      iconPrefixCls={`${PREFIX}-icon`}
      theme={{ hashed: true, cssVar: { prefix: PREFIX, key: `${PREFIX}-root` } }}
    >
      {/* antd's App scopes base typography to this subtree and gives message/modal hooks the prefix. */}
      <AntdApp component="section">
        <Typography.Title level={2}>Admin Dashboard</Typography.Title>
        <Typography.Paragraph>
          {user ? `Signed in as ${[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email} (${user.role}).` : 'Not signed in.'}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          Routes under <Typography.Text code>{basePath}</Typography.Text>, API at{' '}
          <Typography.Text code>{apiBase}</Typography.Text>.
        </Typography.Paragraph>
      </AntdApp>
    </ConfigProvider>
  );
}
