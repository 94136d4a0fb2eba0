import { JobLockService } from '../../src/infra/jobs/job-lock.service';
import { createVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('GET /metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers Prometheus text with requests by route pattern, latency, cache lookups, job runs, pool and process metrics', async () => {
    const { user } = await registerUser(t.client());
    const vehicle = await createVehicle(t, user.id);
    const visitor = t.client();
    expect((await visitor.get('/api/vehicles/search?make=bmw')).status).toBe(200);
    expect((await visitor.get('/api/vehicles/search?make=bmw')).status).toBe(200);
    expect((await visitor.get(`/api/vehicles/${vehicle.id}`)).status).toBe(200);
    expect((await visitor.get('/api/vehicles/999999')).status).toBe(404);
    expect(await t.app.get(JobLockService).runExclusive('metrics-probe', async () => undefined)).toBe('ran');

    const res = await t.client().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toContain('http_requests_total{route="/api/vehicles/search",method="GET",status="200"} 2');
    // One series per route pattern, never per id.
    expect(text).toContain('http_requests_total{route="/api/vehicles/:id",method="GET",status="200"} 1');
    expect(text).toContain('http_requests_total{route="/api/vehicles/:id",method="GET",status="404"} 1');
    expect(text).not.toContain(`/api/vehicles/${vehicle.id}"`);
    // Both searches are in the histogram. Which bucket holds them is the machine's speed, not this test's concern:
    // a busy CI machine took over 0.5 s for the first one.
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",route="/api/vehicles/search",method="GET",status="200"} 2');
    expect(text).toContain('http_request_duration_seconds_count{route="/api/vehicles/search",method="GET",status="200"} 2');
    const sum = /http_request_duration_seconds_sum\{route="\/api\/vehicles\/search",method="GET",status="200"\} (\S+)/.exec(text);
    expect(Number(sum?.[1])).toBeGreaterThan(0);
    expect(text).toMatch(/cache_lookups_total\{data_set="listings",result="miss"\} \d+/);
    expect(text).toMatch(/cache_lookups_total\{data_set="listings",result="hit"\} \d+/);
    expect(text).toContain('job_runs_total{job="metrics-probe",result="ran"} 1');
    expect(text).toMatch(/db_pool_connections\{state="open"\} [1-9]/);
    expect(text).toMatch(/process_cpu_user_seconds_total \d/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });

  it('refuses a scrape that a proxy forwarded (403), and is not under /api', async () => {
    const forwarded = await t.client().get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(403);
    expect(forwarded.body).toEqual({ statusCode: 403, message: 'Metrics need the METRICS_TOKEN bearer token, or a scrape from this machine' });
    expect((await t.client().get('/api/metrics')).status).toBe(404);
  });

  it('takes X-Real-IP and Forwarded (RFC 7239) for forwarded too: a proxy that sets only one of them gets 403', async () => {
    const forwardings: Record<string, string>[] = [{ 'x-real-ip': '203.0.113.9' }, { forwarded: 'for=203.0.113.9;proto=https' }];
    for (const headers of forwardings) {
      const res = await t.client().get('/metrics', { headers });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Metrics need the METRICS_TOKEN bearer token, or a scrape from this machine');
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: 'metrics-token-0123456789' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks for the bearer token, even from this machine', async () => {
    expect((await t.client().get('/metrics')).status).toBe(403);
    expect((await t.client().get('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(403);
    const res = await t.client().get('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('# TYPE http_requests_total counter');
  });
});
