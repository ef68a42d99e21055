import { describe, expect, it } from 'vitest';
import { framePatterns, paths, prerenderedPatterns } from './paths';

describe('the pages the server answers', () => {
  it.each(Object.entries(paths))(
    '%s is prerendered or answered with the frame, never the 404 page',
    (_, { pattern }) => {
      expect([...prerenderedPatterns, ...framePatterns]).toContain(pattern);
    },
  );
});
