import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Periodic } from './periodic';

describe('Periodic', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const quietLogger = () => {
    const logger = new Logger('test');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    return { logger, warn };
  };

  it('runs every period from the start, and no more once stopped', () => {
    const run = jest.fn();
    const p = new Periodic(run, { name: 'job', everyMs: 1000 }).start();
    jest.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(3);
    p.stop();
    expect(p.started).toBe(false);
    jest.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('runs first after firstAfterMs, then every period', () => {
    const run = jest.fn();
    new Periodic(run, { name: 'job', everyMs: 60_000, firstAfterMs: 5_000 }).start();
    jest.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(55_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('is listed in the registry while it runs, and cleared by it (as ScheduleModule does on shutdown)', () => {
    const registry = new SchedulerRegistry();
    const run = jest.fn();
    const p = new Periodic(run, { name: 'job', everyMs: 1000, firstAfterMs: 10, registry }).start();
    expect(registry.getIntervals()).toEqual(['job']);
    expect(registry.getTimeouts()).toEqual(['job:first']);
    jest.advanceTimersByTime(10);
    expect(registry.getTimeouts()).toEqual([]);
    registry.getIntervals().forEach((k) => registry.deleteInterval(k));
    jest.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
    p.stop(); // after the registry: harmless
    expect(registry.getIntervals()).toEqual([]);
  });

  it('leaves the registry on stop, so it may start again under its name', () => {
    const registry = new SchedulerRegistry();
    const p = new Periodic(jest.fn(), { name: 'job', everyMs: 1000, firstAfterMs: 5, registry });
    p.start().stop();
    expect(registry.getIntervals()).toEqual([]);
    expect(registry.getTimeouts()).toEqual([]);
    p.start();
    expect(registry.getIntervals()).toEqual(['job']);
    p.stop();
  });

  it('unrefs its timers when asked', () => {
    const p = new Periodic(jest.fn(), { name: 'job', everyMs: 1000, firstAfterMs: 5, unref: true });
    p.start();
    const timers = p as unknown as { timer: NodeJS.Timeout; first: NodeJS.Timeout };
    expect(timers.timer.hasRef()).toBe(false);
    expect(timers.first.hasRef()).toBe(false);
    p.stop();
    const kept = new Periodic(jest.fn(), { name: 'job', everyMs: 1000 }).start();
    expect((kept as unknown as { timer: NodeJS.Timeout }).timer.hasRef()).toBe(true);
    kept.stop();
  });

  it('skips a tick while the previous run is going only when asked', () => {
    const never = () => new Promise<void>(() => undefined);
    const skipping = jest.fn(never);
    const overlapping = jest.fn(never);
    const a = new Periodic(skipping, { name: 'a', everyMs: 100, skipWhileRunning: true }).start();
    const b = new Periodic(overlapping, { name: 'b', everyMs: 100 }).start();
    jest.advanceTimersByTime(300);
    expect(skipping).toHaveBeenCalledTimes(1);
    expect(overlapping).toHaveBeenCalledTimes(3);
    a.stop();
    b.stop();
  });

  it('runs again once the previous run ended, when skipping', async () => {
    const ends: (() => void)[] = [];
    const run = jest.fn(() => new Promise<void>((r) => ends.push(r)));
    const p = new Periodic(run, { name: 'a', everyMs: 100, skipWhileRunning: true }).start();
    jest.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
    ends[0]();
    await jest.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    p.stop();
  });

  it('logs a failing run once, until a run succeeds again', async () => {
    const { logger, warn } = quietLogger();
    let fail = true;
    const p = new Periodic(() => (fail ? Promise.reject(new Error('boom')) : Promise.resolve()), {
      name: 'job',
      everyMs: 100,
      logger,
    }).start();
    await jest.advanceTimersByTimeAsync(300);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('job failed: Error: boom');
    fail = false;
    await jest.advanceTimersByTimeAsync(100);
    fail = true;
    await jest.advanceTimersByTimeAsync(200);
    expect(warn).toHaveBeenCalledTimes(2);
    p.stop();
  });

  it('catches a run that throws at once, and still ends the run', async () => {
    const { logger, warn } = quietLogger();
    const run = jest.fn(() => {
      throw new Error('sync');
    });
    const p = new Periodic(run, { name: 'job', everyMs: 100, skipWhileRunning: true, logger });
    p.start();
    await jest.advanceTimersByTimeAsync(300);
    expect(run).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledTimes(1);
    p.stop();
  });
});
