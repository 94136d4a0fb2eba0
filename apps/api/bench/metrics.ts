/** The sum of the samples of the API's Prometheus metrics (GET /metrics) whose lines match `pattern`. */
export async function metricValue(base: string, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => pattern.test(line))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}
