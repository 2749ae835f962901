import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { ORIGIN } from './accounts';

/**
 * A software passkey for the tests: an ES256 (P-256) key pair and a credential id that answer the shop's
 * WebAuthn options the way a browser and a platform authenticator would, written out here from the
 * WebAuthn and CBOR specifications so the tests check the shop against the standard rather than against
 * the library it uses. It signs whatever challenge it is given, as a stolen or copied key would.
 */

/** What a CBOR item may be here: an integer, a byte string, a text string or a map. */
type Cbor = number | Uint8Array | string | Map<number | string, Cbor>;

/** A CBOR item's head (RFC 8949 §3): its major type and its argument, in the shortest form. */
function cborHead(major: number, argument: number): Buffer {
  const type = major << 5;
  if (argument < 24) return Buffer.from([type | argument]);
  if (argument < 0x100) return Buffer.from([type | 24, argument]);
  if (argument < 0x10000) return Buffer.from([type | 25, argument >> 8, argument & 0xff]);
  if (argument > 0xffffffff) throw new Error(`CBOR argument too large here: ${argument}`);
  const head = Buffer.alloc(5);
  head[0] = type | 26;
  head.writeUInt32BE(argument, 1);
  return head;
}

/** The CBOR encoding of `value`: integers, byte strings, text strings and maps (in their insertion order). */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`Only integers are encoded here: ${value}`);
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const items = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([cborHead(5, value.size), ...items]);
}

const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data. */
const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedCredential: 0x40 };

/** COSE (RFC 9053) labels and values of an EC2 P-256 key for ES256. */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, ec2: 2, es256: -7, p256: 1 };

/** The public key as a COSE_Key: {1: 2, 3: -7, -1: 1, -2: x, -3: y}. */
function coseKey(publicKey: KeyObject): Buffer {
  const { x, y } = publicKey.export({ format: 'jwk' });
  if (!x || !y) throw new Error('Not an EC public key');
  return cbor(
    new Map<number, Cbor>([
      [COSE.kty, COSE.ec2],
      [COSE.alg, COSE.es256],
      [COSE.crv, COSE.p256],
      [COSE.x, Buffer.from(x, 'base64url')],
      [COSE.y, Buffer.from(y, 'base64url')],
    ]),
  );
}

/**
 * Authenticator data (WebAuthn §6.1): the relying party id's SHA-256, the flags, the signature counter
 * (4 bytes, big-endian) and, when given, the attested credential data.
 */
function authenticatorData(rpId: string, flags: number, signCount: number, attested?: Buffer): Buffer {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(signCount);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
}

/** Attested credential data: an AAGUID of 16 zero bytes, the credential id's length (2 bytes), the id, the key. */
function attestedCredential(credentialId: Buffer, publicKey: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credentialId.length);
  return Buffer.concat([Buffer.alloc(16), length, credentialId, publicKey]);
}

/** The client data a browser hands the authenticator, as the base64url of its JSON. */
function clientDataJSON(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
  return base64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
}

/** What the authenticator reads of `GET /api/auth/passkey/generate-register-options`' answer. */
export interface RegistrationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

/** What the authenticator reads of `GET /api/auth/passkey/generate-authenticate-options`' answer. */
export interface AuthenticationOptions {
  challenge: string;
  rpId?: string;
}

/** A new credential as the browser's `PublicKeyCredential.toJSON()` gives it (`fmt: 'none'` attestation). */
export interface RegistrationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
}

/** An assertion as the browser's `PublicKeyCredential.toJSON()` gives it. */
export interface AssertionJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, never>;
}

export interface SoftwarePasskey {
  /** The credential id, base64url: the `id` of its responses and the stored passkey's credential id. */
  readonly credentialId: string;
  /** The public key as the COSE_Key the shop keeps (base64 in `passkey.public_key`). */
  readonly publicKey: Buffer;
  /** The signature counter of the last use: 0 when made, one more at each assertion. */
  signCount(): number;
  /** The new credential for the registration options (a `webauthn.create` ceremony). */
  register(options: RegistrationOptions): RegistrationJSON;
  /** An assertion for the authentication options (a `webauthn.get` ceremony); the counter goes up one. */
  assert(options: AuthenticationOptions): AssertionJSON;
}

/**
 * A new software passkey, used from `origin` (the shop's own, by default). The relying party id is the
 * one the options name, else the origin's host.
 */
export function softwarePasskey(origin = ORIGIN): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(32);
  const credentialId = base64url(rawId);
  const cose = coseKey(publicKey);
  const fallbackRpId = new URL(origin).hostname;
  let signCount = 0;
  let userHandle: string | undefined;

  const register = (options: RegistrationOptions): RegistrationJSON => {
    userHandle = options.user.id;
    const flags = FLAGS.userPresent | FLAGS.userVerified | FLAGS.attestedCredential;
    const authData = authenticatorData(
      options.rp.id ?? fallbackRpId,
      flags,
      signCount,
      attestedCredential(rawId, cose),
    );
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON('webauthn.create', options.challenge, origin),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  };

  const assert = (options: AuthenticationOptions): AssertionJSON => {
    signCount += 1;
    const flags = FLAGS.userPresent | FLAGS.userVerified;
    const authData = authenticatorData(options.rpId ?? fallbackRpId, flags, signCount);
    const clientData = clientDataJSON('webauthn.get', options.challenge, origin);
    // ECDSA over the authenticator data and the client data's hash; node gives the DER form WebAuthn uses.
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientData, 'base64url'))]);
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientData,
        authenticatorData: base64url(authData),
        signature: base64url(sign('sha256', signed, privateKey)),
        ...(userHandle ? { userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  };

  return { credentialId, publicKey: cose, signCount: () => signCount, register, assert };
}
