import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

const items = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const unquoted = (value: string) => value.replace(/^"(.*)"$/, '$1');

/** `192.0.2.1:80`, `[::1]:5000` and `::1` as the bare address. */
const bareAddress = (value: string): string =>
  unquoted(value)
    .replace(/^\[([^\]]*)\](:\d+)?$/, '$1')
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');

/** The values of one parameter (`for`, `host`) over every element of RFC 7239's `Forwarded`. */
function forwardedParameter(header: string | string[] | undefined, name: string): string[] {
  return items(header)
    .flatMap((element) => element.split(';'))
    .map((pair) => pair.split('='))
    .filter(([key]) => key?.trim().toLowerCase() === name)
    .map(([, value = '']) => unquoted(value.trim()));
}

/**
 * The headers by which a proxy says whom it passed a request on for (and under which name), each with
 * what it names and how a name on this machine looks.
 */
function proxyClaims(headers: IncomingHttpHeaders) {
  return {
    'x-forwarded-for': { names: items(headers['x-forwarded-for']).map(bareAddress), local: LOOPBACK_ADDRESS },
    'x-real-ip': { names: items(headers['x-real-ip']).map(bareAddress), local: LOOPBACK_ADDRESS },
    forwarded: {
      names: forwardedParameter(headers.forwarded, 'for').map(bareAddress),
      local: LOOPBACK_ADDRESS,
    },
    'x-forwarded-host': { names: items(headers['x-forwarded-host']), local: LOOPBACK_HOST },
  };
}

/**
 * A person at the machine that runs the shop (docs/decisions/0006): the connection comes from loopback and
 * names a loopback host (so a page of another site cannot reach it by DNS rebinding). A request a proxy
 * passed on (`X-Forwarded-For`, `Forwarded`, `X-Real-IP`, `X-Forwarded-Host`) is from the machine only
 * when the shop trusts its proxies (`TRUST_PROXY`) and every address and host each header names is
 * loopback too; otherwise a reverse proxy on the same machine would make every visitor look local.
 */
export function fromThisMachine(request: FastifyRequest, trustProxy: boolean): boolean {
  const { headers, socket } = request.raw;
  if (!LOOPBACK_ADDRESS.test(socket.remoteAddress ?? '') || !LOOPBACK_HOST.test(headers.host ?? ''))
    return false;
  const claims = Object.entries(proxyClaims(headers)).filter(([name]) => headers[name] !== undefined);
  if (claims.length === 0) return true;
  return (
    trustProxy &&
    claims.every(([, { names, local }]) => names.length > 0 && names.every((name) => local.test(name))) &&
    forwardedParameter(headers.forwarded, 'host').every((host) => LOOPBACK_HOST.test(host))
  );
}
