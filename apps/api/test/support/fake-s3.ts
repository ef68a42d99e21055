/**
 * A small S3-compatible server for tests: path-style PUT, HEAD and DELETE of objects and
 * ListObjectsV2 (paged by continuation token) on 127.0.0.1, with
 * AWS Signature Version 4 checked against the test's credentials the way S3 checks them (a request
 * signed with another secret is answered 403 SignatureDoesNotMatch). Records every request.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedRequest {
  method: string;
  /** The object key (path after the bucket). */
  key: string;
  bucket: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Whether the SigV4 signature matched the server's credentials. */
  signatureValid: boolean;
}

interface StoredFakeObject {
  body: Buffer;
  headers: IncomingHttpHeaders;
  modifiedAt: Date;
}

export interface FakeS3 {
  endpoint: string;
  requests: RecordedRequest[];
  /** Stored objects by `bucket/key`; a test may move `modifiedAt` back to age one. */
  objects: Map<string, StoredFakeObject>;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const xml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const etag = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

/** A ListObjectsV2 answer: keys after the continuation token (the last key of the previous page). */
const listObjects = (objects: Map<string, StoredFakeObject>, bucket: string, query: URLSearchParams) => {
  const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000) || 1000, 1000);
  const after = query.get('continuation-token')
    ? Buffer.from(query.get('continuation-token')!, 'base64url').toString()
    : (query.get('start-after') ?? '');
  const prefix = query.get('prefix') ?? '';
  const keys = [...objects.keys()]
    .filter((id) => id.startsWith(`${bucket}/`))
    .map((id) => id.slice(bucket.length + 1))
    .filter((key) => key.startsWith(prefix) && key > after)
    .sort();
  const page = keys.slice(0, maxKeys);
  const isTruncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = objects.get(`${bucket}/${key}`)!;
      return (
        `<Contents><Key>${xml(key)}</Key><LastModified>${object.modifiedAt.toISOString()}</LastModified>` +
        `<ETag>${xml(etag(object.body))}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      );
    })
    .join('');
  const next = isTruncated
    ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
    `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${isTruncated}</IsTruncated>${next}${contents}</ListBucketResult>`
  );
};

const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Recomputes an AWS SigV4 signature for the request (header-signed, as the SDK sends it). */
const verifySigV4 = (
  method: string,
  url: URL,
  headers: IncomingHttpHeaders,
  credentials: { accessKeyId: string; secretAccessKey: string },
) => {
  const authorization = headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([a-f0-9]{64})$/.exec(
      authorization,
    );
  if (!match) return false;
  const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) return false;
  const amzDate = String(headers['x-amz-date'] ?? '');
  const canonicalHeaders = signedHeaders!
    .split(';')
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    String(headers['x-amz-content-sha256'] ?? ''),
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date!), region!), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === signature;
};

export const startFakeS3 = async (credentials: { accessKeyId: string; secretAccessKey: string }): Promise<FakeS3> => {
  const requests: RecordedRequest[] = [];
  const objects = new Map<string, StoredFakeObject>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const [, bucket = '', ...rest] = url.pathname.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      const body = Buffer.concat(chunks);
      const signatureValid = verifySigV4(req.method ?? '', url, req.headers, credentials);
      requests.push({ method: req.method ?? '', bucket, key, headers: req.headers, body, signatureValid });
      const id = `${bucket}/${key}`;
      res.setHeader('x-amz-request-id', String(requests.length));
      if (!signatureValid) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          req.method === 'HEAD'
            ? undefined
            : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
        );
        return;
      }
      if (req.method === 'PUT') {
        objects.set(id, { body, headers: req.headers, modifiedAt: new Date() });
        res.writeHead(200, { etag: etag(body) });
        res.end();
        return;
      }
      if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(listObjects(objects, bucket, url.searchParams));
        return;
      }
      if (req.method === 'DELETE' && key !== '') {
        // S3 answers 204 whether or not the key existed.
        objects.delete(id);
        res.writeHead(204);
        res.end();
        return;
      }
      if (req.method === 'HEAD') {
        const object = objects.get(id);
        if (!object) {
          res.writeHead(404);
          res.end();
          return;
        }
        res.writeHead(200, {
          'content-length': object.body.length,
          'content-type': String(object.headers['content-type'] ?? 'application/octet-stream'),
          etag: etag(object.body),
        });
        res.end();
        return;
      }
      res.writeHead(405);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    objects,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
