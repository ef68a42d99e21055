import { describe, expect, it } from 'vitest';
import { paths } from './config/paths';
import { buildPlan } from './prerender';

describe('the pages the server answers', () => {
  it.each(Object.entries(paths))(
    '%s is prerendered or answered with the frame, never the 404 page',
    async (_, { pattern }) => {
      const { prerendered, framePatterns } = await buildPlan();
      expect([...prerendered.flatMap((page) => page.addresses), ...framePatterns]).toContain(pattern);
    },
  );
});
