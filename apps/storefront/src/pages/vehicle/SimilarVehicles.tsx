import type { PublicVehicle as Vehicle } from '@app/shared';
import { useSimilarVehicles } from '../../api/queries';
import { VehicleCard } from '../../components/VehicleCard';
import { useNearViewport } from '../../hooks/use-seen-once';

/** Far below the first screen: asked for only as the visitor scrolls towards it, not while the page opens. */
export default function SimilarVehicles({ vehicle }: { vehicle: Vehicle }) {
  const [anchor, near] = useNearViewport<HTMLDivElement>();
  const similar = useSimilarVehicles(vehicle, near);
  if (!similar.data || similar.data.length === 0) return <div ref={anchor} aria-hidden="true" />;
  return (
    <section className="similar" aria-labelledby="similar-title">
      <h2 id="similar-title" className="section-title">
        Similar Vehicles in Your Price Range
      </h2>
      <ul className="vehicle-grid">
        {similar.data.map((v) => (
          <li key={v.id}>
            <VehicleCard vehicle={v} />
          </li>
        ))}
      </ul>
    </section>
  );
}
