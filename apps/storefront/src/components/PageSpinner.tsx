export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
