// The storefront's public pages that the size check, Lighthouse and the page profile measure: the landing page, a
// search and the newest listing with photos (the newest of all when none has any), on a running server.

/** Their names and paths; throws when the server has no listings (no demo data). */
async function publicPages(baseUrl) {
  const recent = await (await fetch(`${baseUrl}/api/vehicles/recent`)).json();
  if (!Array.isArray(recent) || recent.length === 0) throw new Error('No listings to measure: is the demo data there?');
  const vehicle = recent.find((v) => v.images?.length > 0) ?? recent[0];
  return [
    { name: 'landing', path: '/' },
    { name: 'search', path: '/search' },
    { name: 'listing', path: `/vehicles/${vehicle.id}` },
  ];
}

module.exports = { publicPages };
