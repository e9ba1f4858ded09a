// The HAProxy configuration of docs/deploy.md for N app instances: round robin, instances picked
// by their readiness probe, a request whose connection an instance refused sent to another one.
export interface HaproxySettings {
  /** Where the balancer listens: `127.0.0.1:8080`, `:80`. */
  bind: string;
  /** The instances' addresses: `10.0.0.11:3000`. */
  instances: string[];
  /** Where the statistics page (CSV at `/stats;csv`) listens; none if unset. */
  statsBind?: string;
  /** Milliseconds between health checks of each instance. */
  checkIntervalMs?: number;
  /** Where HAProxy logs (state changes of instances, errors): `/dev/log`, `stderr`. */
  log?: string;
}

export function haproxyConfig({
  bind,
  instances,
  statsBind,
  checkIntervalMs = 1000,
  log = '/dev/log',
}: HaproxySettings): string {
  const servers = instances.map((address, i) => `    server app${i + 1} ${address} check`);
  return `global
    maxconn 4096
    log ${log} format raw local0 notice

defaults
    mode http
    log global
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-keep-alive 10s
    # A busy instance gets this long to answer its check before the check counts as failed.
    timeout check 3s
    # A request an instance never received (connection refused: a crashed or stopped instance)
    # goes to another one; one that reached an instance is never sent twice.
    retries 3
    option redispatch 1

frontend auth
    bind ${bind}
    # The app reads the client address from X-Forwarded-For only with TRUST_PROXY=1.
    option forwardfor
    default_backend instances

backend instances
    balance roundrobin
    # Readiness turns 503 the moment an instance starts draining; two failed checks take it out,
    # two good ones put it back. SHUTDOWN_DELAY must exceed fall x inter plus a check's time.
    option httpchk GET /api/v1/health/ready
    http-check expect status 200
    default-server inter ${checkIntervalMs}ms fall 2 rise 2
${servers.join('\n')}
${statsBind ? `\nlisten stats\n    bind ${statsBind}\n    stats enable\n    stats uri /stats\n    stats refresh 5s\n` : ''}`;
}
