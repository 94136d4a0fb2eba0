export function VehicleCardSkeleton() {
  return (
    <div className="vehicle-card" aria-hidden="true">
      <div className="vehicle-card-media skeleton" style={{ borderRadius: 0 }} />
      <div className="vehicle-card-body">
        <div className="skeleton" style={{ height: 26, width: '45%', marginBottom: 8 }} />
        <div className="skeleton" style={{ height: 20, width: '80%', marginBottom: 8 }} />
        <div className="skeleton" style={{ height: 16, width: '55%', marginBottom: 16 }} />
        <div className="skeleton" style={{ height: 44 }} />
      </div>
    </div>
  );
}
