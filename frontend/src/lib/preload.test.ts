import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPath, registerPreloads, resetPreloads } from './preload';

describe('preloadPath', () => {
  afterEach(() => resetPreloads());

  it('loads the module of a registered path once, ignoring query and trailing slash', async () => {
    const load = vi.fn(() => Promise.resolve({}));
    registerPreloads({ '/orders': load });
    await preloadPath('/orders');
    await preloadPath('/orders/?page=2');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('ignores unknown and external targets', () => {
    const load = vi.fn(() => Promise.resolve({}));
    registerPreloads({ '/': load });
    expect(preloadPath('/nowhere')).toBeUndefined();
    expect(preloadPath('https://example.com/')).toBeUndefined();
    expect(preloadPath('//example.com/')).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue({});
    registerPreloads({ '/quiz': load });
    await expect(preloadPath('/quiz')).rejects.toThrow('chunk');
    await preloadPath('/quiz');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
