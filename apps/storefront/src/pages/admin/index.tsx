import { useDocumentMeta } from '../../hooks/use-document-meta';
import { AdminRemote } from '../../remotes/admin';
import { RequireUser } from '../account/RequireUser';

const UNAUTHORIZED = { title: 'Unauthorized - Admin access required. Redirecting...' };
const FORBIDDEN = { title: 'Unauthorized - Admin access required. Redirecting...', redirectTo: '/' };

function AdminSkeleton() {
  return (
    <div className="container page" aria-busy="true">
      <div className="skeleton" style={{ height: 40, width: 280, marginBottom: 20 }} />
      <div className="skeleton" style={{ height: 110, marginBottom: 20 }} />
      <div className="skeleton" style={{ height: 360 }} />
    </div>
  );
}

/** /admin: the admin console from the federated `admin` remote, for staff only (an associate gets the desk). */
export default function AdminPage() {
  useDocumentMeta('Admin Dashboard', 'Manage listings and monitor platform activity.');
  return (
    <RequireUser unauthorized={UNAUTHORIZED} allow={(u) => u.role === 'admin' || u.role === 'associate'} forbidden={FORBIDDEN} skeleton={<AdminSkeleton />}>
      {(user) => (
        <div className="container page">
          <AdminRemote user={user} />
        </div>
      )}
    </RequireUser>
  );
}
