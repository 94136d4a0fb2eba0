import {
  Component,
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  createInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import * as ReactQuery from '@tanstack/react-query';
import * as React from 'react';
import * as JsxDevRuntime from 'react/jsx-dev-runtime';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import type { AdminAppProps, PublicUser } from '@app/shared';
import { getPublicConfig } from '../config';

/**
 * The modules the host shares with the admin remote (react, react-dom and their subpaths, TanStack Query) with the
 * versions installed and their share config: webpack.config.base.js `runtimeShared()`, defined at build time.
 * The storefront has no federation build plugin (it would load the runtime on every page): this module, part of
 * the /admin page's chunk, is where the federation runtime comes in.
 */
declare const __FEDERATION_SHARED__: Record<string, { version: string; shareConfig: { singleton: boolean; requiredVersion: string } }> | undefined;

/**
 * The host's own copy of each shared module, which the remote then uses instead of its fallback: one React on
 * the page. The host has them loaded already (the app imports them), so they are offered as loaded: a remote
 * that registers the same version of a module then does not replace the host's copy with its own.
 */
const HOST_MODULES: Record<string, object> = {
  react: React,
  'react/jsx-runtime': JsxRuntime,
  'react/jsx-dev-runtime': JsxDevRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  '@tanstack/react-query': ReactQuery,
};

/** The share config handed to the runtime: every module the build lists, each with the host's copy. */
function hostShared() {
  const listed = typeof __FEDERATION_SHARED__ === 'undefined' ? {} : __FEDERATION_SHARED__;
  return Object.fromEntries(
    Object.entries(listed).map(([name, { version, shareConfig }]) => {
      const module = HOST_MODULES[name];
      if (!module) throw new Error(`No host module for the shared ${name}`);
      return [name, { version, shareConfig, scope: 'default', lib: () => module, loaded: true }];
    }),
  );
}

const REMOTE_NAME = 'admin';
const REMOTE_MODULE = `${REMOTE_NAME}/AdminApp`;

interface RemoteComponentModule<P> {
  default: ComponentType<P>;
}

/** Asks the nearest AdminRemote to load the remote again; reloads the page outside one. */
const RetryContext = createContext<() => void>(() => window.location.reload());

function errorSummary(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

function RemoteUnavailable({ error }: { error: unknown }) {
  const retry = useContext(RetryContext);
  return (
    <div className="remote-status" role="alert">
      <p>
        <strong>The admin console could not be loaded.</strong> The rest of the site still works;
        try again in a moment.
      </p>
      <button type="button" className="btn btn-outline" onClick={retry}>
        Retry
      </button>
      <details>
        <summary>Details</summary>
        <code>{errorSummary(error)}</code>
      </details>
    </div>
  );
}

/**
 * A remote that cannot be fetched (RUNTIME-008) or fails while loading its module resolves to
 * a stand-in module instead of rejecting, so the page keeps rendering.
 */
const remoteFallbackPlugin: ModuleFederationRuntimePlugin = {
  name: 'storefront-remote-fallback',
  errorLoadRemote({ id, error, lifecycle }) {
    // Other lifecycles expect other return shapes (request args, manifests): let those throw.
    if (lifecycle !== 'onLoad') return undefined;
    console.error(`Remote module ${id} failed to load`, error);
    const Fallback = () => <RemoteUnavailable error={error} />;
    const fallback: RemoteComponentModule<object> = { default: Fallback };
    return fallback;
  },
};

let federation: ModuleFederation | null = null;
let registeredEntry: string | null = null;

async function loadAdminApp(): Promise<RemoteComponentModule<AdminAppProps>> {
  const { adminRemoteUrl } = await getPublicConfig();
  federation ??= createInstance({ name: 'storefront', remotes: [], shared: hostShared(), plugins: [remoteFallbackPlugin] });
  if (registeredEntry !== adminRemoteUrl) {
    // force replaces an entry registered earlier with another URL (e.g. defaults after a failed
    // config request) and drops its cached container.
    federation.registerRemotes([{ name: REMOTE_NAME, entry: adminRemoteUrl }], {
      force: registeredEntry !== null,
    });
    registeredEntry = adminRemoteUrl;
  }
  const module = await federation.loadRemote<RemoteComponentModule<AdminAppProps>>(REMOTE_MODULE);
  if (!module) throw new Error(`${REMOTE_MODULE} resolved to nothing`);
  return module;
}

interface BoundaryState {
  error: Error | null;
}

/** Catches what the runtime plugin cannot: errors thrown while the remote renders. */
class RemoteErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Admin remote crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <RemoteUnavailable error={this.state.error} /> : this.props.children;
  }
}

/** Mounts the admin console from the `admin` remote, or a failure notice with Retry. */
export function AdminRemote({ user }: { user: PublicUser | null }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // React.lazy settles once, so every attempt needs a new lazy component.
  const AdminApp = useMemo(() => lazy(loadAdminApp), [attempt]);

  return (
    <RetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt}>
        <Suspense fallback={<p className="remote-status">Loading the admin console…</p>}>
          <AdminApp basePath="/admin" apiBase="/api" user={user} />
        </Suspense>
      </RemoteErrorBoundary>
    </RetryContext.Provider>
  );
}
