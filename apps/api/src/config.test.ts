import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config.ts';

describe('config', () => {
  it('works with no variables at all: port 3000, PGlite under ./data, demo seed', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(config.pgliteDir).toBe(path.join(repoRoot, 'data', 'db'));
    expect(config.seed).toBe('demo');
  });

  it('seeds only the categories in production unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('categories');
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'none' }).seed).toBe('none');
  });

  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
