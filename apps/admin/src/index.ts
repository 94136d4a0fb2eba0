// Async boundary, as in the storefront: shared React is negotiated before the app imports it.
void import('./bootstrap');
