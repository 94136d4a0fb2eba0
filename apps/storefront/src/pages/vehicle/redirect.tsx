import { Navigate, useParams } from 'react-router';

/** /vehicle/{id} (singular, used by older links) → the canonical /vehicles/{id}. */
export default function VehicleRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/vehicles/${encodeURIComponent(id)}`} replace />;
}
