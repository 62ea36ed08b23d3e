import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('follows the spec defaults', () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults).toMatchObject({
      staleTime: 300_000,
      gcTime: 1_800_000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
    });
  });

  it('toasts failed queries with their message', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () => Promise.reject(new ApiError(500, 'Failed to fetch orders')),
      })
      .catch(() => {});
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Failed to fetch orders', color: 'red' }),
    );
  });

  it("toasts 'An unexpected error occurred' when the error has no message", async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['y'], queryFn: () => Promise.reject(new Error('')) })
      .catch(() => {});
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'An unexpected error occurred' }),
    );
  });

  it('stays silent for queries and mutations that opt out', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ['z'],
        queryFn: () => Promise.reject(new Error('no')),
        meta: { silent: true },
      })
      .catch(() => {});
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new Error('no')),
      meta: { silent: true },
    });
    await mutation.execute(undefined).catch(() => {});
    expect(show).not.toHaveBeenCalled();
  });

  it('toasts failed mutations', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const client = createQueryClient();
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new Error('bind failed')) });
    await mutation.execute(undefined).catch(() => {});
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'bind failed' }));
  });
});
