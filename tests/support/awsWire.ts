// The two parts of AWS's wire format a Bedrock stand-in needs, written from AWS's published
// specifications rather than taken from the SDK under test: Signature Version 4 checking (the
// `authorization` header a Bedrock client sends) and event-stream framing (how Bedrock streams
// `invoke-with-response-stream` replies).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

export type AwsSecret = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

export type SignedRequest = {
  method: string;
  /** The request target as it arrived (path and query, still percent-encoded). */
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
};

const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Services other than S3 encode each path segment once more, as sent. */
function canonicalPath(path: string): string {
  return path
    .split('/')
    .map((segment) => rfc3986(segment))
    .join('/');
}

function canonicalQuery(query: string): string {
  const pairs = new URLSearchParams(query);
  return [...pairs.entries()]
    .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/**
 * Checks a request's SigV4 signature against the secret; undefined when it holds, else what is
 * wrong. The scope must name `service` in `region`, and a session token must be sent as signed.
 */
export function sigV4Problem(request: SignedRequest, secret: AwsSecret, region: string, service: string): string | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(header);
  if (!match) return `not a SigV4 authorization header: ${header || '(none)'}`;
  const [, keyId, date = '', scopeRegion, scopeService, signedList = '', signature = ''] = match;
  if (keyId !== secret.accessKeyId) return `signed with access key ${keyId}`;
  if (scopeRegion !== region) return `signed for region ${scopeRegion}, not ${region}`;
  if (scopeService !== service) return `signed for service ${scopeService}, not ${service}`;
  const amzDate = request.headers['x-amz-date'] ?? '';
  if (!amzDate.startsWith(date)) return 'x-amz-date does not match the credential scope';
  if (secret.sessionToken !== undefined && request.headers['x-amz-security-token'] !== secret.sessionToken) {
    return 'the session token is missing or wrong';
  }
  const signedHeaders = signedList.split(';');
  for (const required of ['host', 'x-amz-date']) {
    if (!signedHeaders.includes(required)) return `${required} is not signed`;
  }
  const [path = '/', query = ''] = request.url.split('?');
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const payloadHash = sha256Hex(request.body);
  const sentHash = request.headers['x-amz-content-sha256'];
  if (sentHash !== undefined && sentHash !== payloadHash) return 'x-amz-content-sha256 does not match the body';
  const canonicalRequest = [request.method, canonicalPath(path), canonicalQuery(query), canonicalHeaders, signedList, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? undefined : 'the signature does not match';
}

const STRING_HEADER = 7;

function encodeHeaders(headers: Record<string, string>): Buffer {
  return Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const nameBytes = Buffer.from(name, 'utf8');
      const valueBytes = Buffer.from(value, 'utf8');
      const out = Buffer.alloc(1 + nameBytes.length + 1 + 2 + valueBytes.length);
      let at = out.writeUInt8(nameBytes.length, 0);
      at += nameBytes.copy(out, at);
      at = out.writeUInt8(STRING_HEADER, at);
      at = out.writeUInt16BE(valueBytes.length, at);
      valueBytes.copy(out, at);
      return out;
    }),
  );
}

/** One event-stream message: prelude (lengths and their CRC), headers, payload, message CRC. */
export function eventStreamMessage(headers: Record<string, string>, payload: Buffer): Buffer {
  const headerBytes = encodeHeaders(headers);
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(12 + headerBytes.length + payload.length + 4, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const message = Buffer.concat([prelude, headerBytes, payload]);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(crc32(message), 0);
  return Buffer.concat([message, trailer]);
}

/** A Bedrock `chunk` event carrying one Anthropic stream event. */
export function bedrockChunk(event: Record<string, unknown>): Buffer {
  const bytes = Buffer.from(JSON.stringify(event)).toString('base64');
  return eventStreamMessage(
    { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' },
    Buffer.from(JSON.stringify({ bytes })),
  );
}

/** A Bedrock exception frame (`throttlingException`, `serviceUnavailableException` …). */
export function bedrockException(type: string, message: string): Buffer {
  return eventStreamMessage(
    { ':exception-type': type, ':content-type': 'application/json', ':message-type': 'exception' },
    Buffer.from(JSON.stringify({ message })),
  );
}
