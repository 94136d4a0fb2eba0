import type { PublicUser } from '../auth/user.contract';

/** Where the admin remote's remoteEntry.js is served unless ADMIN_REMOTE_URL says otherwise. */
export const DEFAULT_ADMIN_REMOTE_URL = '/admin-app/remoteEntry.js';

/** Props of the admin remote's `./AdminApp` module, passed by the storefront host. */
export interface AdminAppProps {
  /** Route prefix the admin console owns, e.g. "/admin". */
  basePath: string;
  /** Prefix of the API, e.g. "/api". */
  apiBase: string;
  user: PublicUser | null;
}
