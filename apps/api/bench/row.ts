/** One measured scenario, as the tables print it. */
export interface Row {
  backend: string;
  scenario: string;
  /** 'mix': the uncached catalogue mix (cache off); 'cached': everything else, on the cache-on server. */
  table: 'mix' | 'cached';
  /** Products in the catalogue while it ran. */
  products: number;
  requestsPerSecond: number;
  /** The server process's CPU time (all its threads) per request, in microseconds. */
  cpuUsPerRequest: number;
  /** The server's resident memory after the scenario, and its peak so far (VmHWM), in MB. */
  rssMb: number;
  peakMb: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
