import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicUser } from '@app/shared';
import AdminApp from './AdminApp';

// Standalone development only: the storefront passes the real session user.
const DEV_USER: PublicUser = {
  id: 1,
  email: 'admin@example.test',
  firstName: 'Dev',
  lastName: 'Admin',
  profileImageUrl: null,
  role: 'admin',
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AdminApp basePath="/" apiBase="/api" user={DEV_USER} />
  </StrictMode>,
);
