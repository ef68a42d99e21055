/**
 * A local HTTP server speaking the parts of GitHub that sign-in uses: the OAuth token endpoint
 * (`POST /login/oauth/access_token`, which reports a bad code with status 200 and an `error`
 * field, like GitHub) and the REST endpoints `GET /user` and `GET /user/emails`. A test first
 * `authorize`s a code for a GitHub user (what github.com would do after the person's consent),
 * then calls our callback with it. PKCE is enforced when the authorize URL carried a challenge.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithubUser {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface FakeGithub {
  /** http://127.0.0.1:<port>: use it for both GITHUB_OAUTH_URL and GITHUB_API_URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Issues a code for `user` against an authorize URL of ours (client id, redirect URI, PKCE challenge). */
  authorize(authorizeUrl: string | URL, user: FakeGithubUser): string;
  /** Makes the token endpoint answer the next exchanges with this OAuth error. */
  failTokenExchangeWith(error: string | undefined): void;
  /** How many token exchanges the server answered. */
  tokenRequests: number;
  stop(): Promise<void>;
}

export const startFakeGithub = async (): Promise<FakeGithub> => {
  const clientId = 'fake-github-client';
  const clientSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, { user: FakeGithubUser; redirectUri: string; challenge: string | null }>();
  const tokens = new Map<string, FakeGithubUser>();
  let tokenError: string | undefined;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const fake: FakeGithub = {
    url: '',
    clientId,
    clientSecret,
    tokenRequests: 0,
    authorize(authorizeUrl, user) {
      const url = new URL(authorizeUrl);
      if (url.pathname !== '/login/oauth/authorize') throw new Error(`not an authorize URL: ${url.pathname}`);
      if (url.searchParams.get('client_id') !== clientId) throw new Error('unknown client_id');
      const code = randomBytes(10).toString('hex');
      codes.set(code, {
        user,
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
        challenge:
          url.searchParams.get('code_challenge_method') === 'S256' ? url.searchParams.get('code_challenge') : null,
      });
      return code;
    },
    failTokenExchangeWith(error) {
      tokenError = error;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        fake.tokenRequests++;
        const form = new URLSearchParams(await readBody(req));
        if (req.headers.accept !== 'application/json') return json(res, 406, { message: 'ask for JSON' });
        if (tokenError)
          return json(res, 200, { error: tokenError, error_description: 'The code passed is incorrect or expired.' });
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
          return json(res, 200, { error: 'incorrect_client_credentials' });
        }
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant || grant.redirectUri !== form.get('redirect_uri'))
          return json(res, 200, { error: 'bad_verification_code' });
        const verifier = form.get('code_verifier') ?? '';
        if (grant.challenge && createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
          return json(res, 200, { error: 'bad_verification_code' });
        }
        const token = `gho_${randomBytes(16).toString('hex')}`;
        tokens.set(token, grant.user);
        return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      }
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
        if (!user) return json(res, 401, { message: 'Bad credentials' });
        if (url.pathname === '/user') {
          return json(res, 200, {
            id: user.id,
            login: user.login,
            name: user.name,
            avatar_url: `https://avatars.example/u/${user.id}`,
            email: null,
          });
        }
        return json(
          res,
          200,
          user.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })),
        );
      }
      return json(res, 404, { message: 'Not Found' });
    })().catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
};
