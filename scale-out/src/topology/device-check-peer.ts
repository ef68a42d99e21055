/**
 * The replicas' device-check service: a local HTTP server speaking the API of
 * apps/api/src/adapters/device-check/http-device-check.ts, as production checks IMEIs through
 * DEVICE_CHECK_API_URL. The suite's phones are all clean: it measures replicas, not findings.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DeviceCheckPeer {
  env: { DEVICE_CHECK_API_URL: string; DEVICE_CHECK_API_KEY: string };
  stop(): Promise<void>;
}

const apiKey = 'scale-out-device-check-key';

export const startDeviceCheckPeer = async (): Promise<DeviceCheckPeer> => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (
        request.method !== 'POST' ||
        request.url !== '/v1/checks' ||
        request.headers.authorization !== `Bearer ${apiKey}`
      ) {
        response.writeHead(404).end();
        return;
      }
      const { imei } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { imei: string };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          imei,
          blacklisted: false,
          unpaidFinance: false,
          carrierLocked: false,
          activationLocked: false,
          tac: null,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: { DEVICE_CHECK_API_URL: `http://127.0.0.1:${port}`, DEVICE_CHECK_API_KEY: apiKey },
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
