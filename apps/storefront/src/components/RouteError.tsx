/**
 * A page that failed to load or to draw. The usual cause is a new release replacing the page's files
 * while this tab still ran the old one: a reload fetches the new ones.
 */
export function RouteError() {
  return (
    <div className="container page" role="alert">
      <div className="empty-state">
        <h1 className="page-title">This page could not be loaded</h1>
        <p>Please check your connection and reload the page.</p>
        <button type="button" className="btn btn-primary" style={{ marginTop: 16 }} onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}
