import { useEffect, useMemo, useRef, useState } from 'react';
import { App as AntdApp, ConfigProvider, Flex, Skeleton, type ThemeConfig } from 'antd';
import { MutationCache, QueryCache, QueryClientProvider } from '@tanstack/react-query';
import type { AdminAppProps } from '@app/shared';
import { apiUrl, BRAND, isAuthFailure } from '@app/shared';
import { createAdminApi } from './api/client';
import { ApiContext, createQueryClient } from './api/queries';
import { Dashboard } from './components/Dashboard';
import { REDIRECT_DELAY_MS, TEXT, TOAST_SECONDS } from './lib/texts';
import { CONSOLE_CSS } from './styles';

/*
 * Style isolation inside the storefront page. antd 6 injects no global reset (that is the
 * opt-in antd/dist/reset.css), scopes every rule to its prefixed classes under :where(.css-<hash>),
 * and puts its CSS variables on a class rather than :root. What is left to collide is the
 * default `ant` prefix if the host ever loads another antd, so the admin uses its own prefixes
 * for classes, icons and CSS variables. No StyleProvider layer: that would let the host's
 * element styles (h1, button, ...) override antd inside the console.
 */
const PREFIX = 'adm';

/** This build of the console (set by webpack.config.js; absent in component tests). */
declare const __ADMIN_BUILD__: string | undefined;
const BUILD = typeof __ADMIN_BUILD__ === 'string' ? __ADMIN_BUILD__ : 'development';

function ConsoleSkeleton() {
  return (
    <Flex vertical gap={24} className="adm-console-skeleton" aria-busy="true">
      <Skeleton active title={{ width: 280 }} paragraph={{ rows: 1, width: 360 }} />
      <Skeleton.Node active style={{ width: '100%', height: 96 }} />
      <Skeleton active paragraph={{ rows: 8 }} />
    </Flex>
  );
}

/**
 * The console behind the gate. A visitor who is not an admin never gets here through the storefront
 * (its /admin route turns them away before this remote loads); when the console runs on its own, or a
 * call answers 401/403 because the session ended, it does the same: skeleton, toast, and after 500 ms
 * `/` for a signed-in user or `/api/login` otherwise (SPEC.md section 6).
 */
function Console({ user, authFailed }: { user: AdminAppProps['user']; authFailed: boolean }) {
  const { notification } = AntdApp.useApp();
  const isStaff = user?.role === 'admin' || user?.role === 'associate';
  const turnedAway = !isStaff || authFailed;

  useEffect(() => {
    if (!turnedAway) return;
    notification.error({ key: 'adm-unauthorized', title: TEXT.toast.unauthorized });
    const target = user && !authFailed ? '/' : apiUrl('/api/login');
    const timer = window.setTimeout(() => window.location.assign(target), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [turnedAway, user, authFailed, notification]);

  if (turnedAway || !user) return <ConsoleSkeleton />;
  return <Dashboard user={user} />;
}

/**
 * The storefront's look through Ant Design's tokens (colours and type from libs/shared's BRAND), with text
 * colours that meet WCAG AA: antd's own secondary grey (#8c8c8c) is 3.36:1 on white, its blue 4.1:1.
 */
const CONSOLE_THEME: ThemeConfig = {
  hashed: true,
  cssVar: { prefix: PREFIX, key: `${PREFIX}-root` },
  token: {
    colorPrimary: BRAND.brand,
    colorLink: BRAND.brand,
    colorError: BRAND.brand,
    colorSuccess: BRAND.success,
    colorWarning: BRAND.warning,
    colorInfo: BRAND.focus,
    colorText: BRAND.ink,
    colorTextSecondary: BRAND.muted,
    colorTextTertiary: BRAND.muted,
    colorTextDescription: BRAND.muted,
    colorTextPlaceholder: BRAND.muted,
    colorBorder: BRAND.line,
    colorBorderSecondary: BRAND.lineSoft,
    fontFamily: BRAND.fontFamily,
    borderRadius: 8,
  },
};

export default function AdminApp({ apiBase, user }: AdminAppProps) {
  const [authFailed, setAuthFailed] = useState(false);
  const onAuthFailure = useRef(() => setAuthFailed(true));
  const api = useMemo(() => createAdminApi(apiBase), [apiBase]);
  const [queryClient] = useState(() =>
    createQueryClient({
      queryCache: new QueryCache({ onError: (error) => isAuthFailure(error) && onAuthFailure.current() }),
      mutationCache: new MutationCache({ onError: (error) => isAuthFailure(error) && onAuthFailure.current() }),
    }),
  );

  return (
    <ConfigProvider
      prefixCls={PREFIX}
      iconPrefixCls={`${PREFIX}-icon`}
      theme={CONSOLE_THEME}
    >
      {/* antd's App scopes base typography to this subtree and gives message/modal hooks the prefix. */}
      <AntdApp component="section" className="adm-console" message={{ maxCount: 1, duration: TOAST_SECONDS }} notification={{ maxCount: 1, duration: TOAST_SECONDS }}>
        <style>{CONSOLE_CSS}</style>
        <ApiContext.Provider value={api}>
          <QueryClientProvider client={queryClient}>
            <Console user={user} authFailed={authFailed} />
            <p className="adm-console-build">Console build {BUILD}</p>
          </QueryClientProvider>
        </ApiContext.Provider>
      </AntdApp>
    </ConfigProvider>
  );
}
