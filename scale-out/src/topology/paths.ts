/**
 * Where the suite finds the API and the tools it runs. The replicas run the production build
 * (`npm run build` → apps/api/dist); until that exists they run the TypeScript sources through
 * tsx's loader in the same single process (so a kill -9 hits the server itself, not a wrapper).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const nodeBinary = process.execPath;
export const s3rverBin = path.join(repoRoot, 'node_modules/s3rver/bin/s3rver.js');

/** The API's entry points, by their production names. */
export type ApiEntry = 'server' | 'migrate' | 'run-job';

const sourceOf: Record<ApiEntry, string> = {
  server: 'apps/api/src/server.ts',
  migrate: 'apps/api/src/cli/migrate.ts',
  'run-job': 'apps/api/src/cli/run-job.ts',
};

export const isProductionBuild = () => existsSync(path.join(repoRoot, 'apps/api/dist/server.js'));

/** The command line (after `node`) that runs `entry`: the compiled file, else its source through tsx. */
export const apiCommand = (entry: ApiEntry): { args: string[]; file: string } => {
  const built = path.join(repoRoot, `apps/api/dist/${entry}.js`);
  if (isProductionBuild()) return { args: [built], file: built };
  const source = path.join(repoRoot, sourceOf[entry]);
  return { args: ['--import', 'tsx', source], file: source };
};
