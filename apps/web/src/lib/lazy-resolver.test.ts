import { webTexts, z } from '@recell/contract';
import { describe, expect, it, vi } from 'vitest';
import { lazyZodResolver } from './lazy-resolver';
import { toast } from './toast';

const Schema = z.object({ name: z.string().min(1, 'Name is required') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it("loads the schema on the first check only, then checks with the schema's messages", async () => {
    const load = vi.fn(() => Promise.resolve(Schema));
    const resolver = lazyZodResolver<{ name: string }, { name: string }>(load);
    expect(load).not.toHaveBeenCalled();

    const empty = await resolver({ name: '' }, undefined, options);
    expect(empty.errors.name?.message).toBe('Name is required');
    const filled = await resolver({ name: 'Ada' }, undefined, options);
    expect(filled).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says the code could not be loaded, lets nothing through, and tries again on the next check', async () => {
    const error = vi.spyOn(toast, 'error');
    const load = vi
      .fn<() => Promise<typeof Schema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Schema);
    const resolver = lazyZodResolver<{ name: string }, { name: string }>(load);

    const failed = await resolver({ name: 'Ada' }, undefined, options);
    expect(failed.errors.root?.message).toBe(webTexts.chunkLoadFailed);
    expect(error).toHaveBeenCalledWith(webTexts.chunkLoadFailed, expect.anything());
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({ values: { name: 'Ada' }, errors: {} });
  });
});
