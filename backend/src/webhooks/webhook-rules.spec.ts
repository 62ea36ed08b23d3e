import { Webhook } from 'standardwebhooks';
import {
  allowedEvents,
  failingTooLong,
  keptResponse,
  newMessageId,
  newSecret,
  parseEvents,
  signingSecrets,
  urlHint,
  urlProblem,
} from './webhook-rules';
import { standardChannel } from './channels/standard';

describe('webhook rules', () => {
  it('makes msg_ ids and whsec_ secrets the standardwebhooks package reads', () => {
    const id = newMessageId();
    expect(id).toMatch(/^msg_[0-9A-Za-z]{24}$/);
    expect(newMessageId()).not.toBe(id);
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_/);
    const now = new Date();
    const sig = new Webhook(secret).sign(id, now, '{}');
    expect(sig).toMatch(/^v1,/);
  });

  it('never shows a query string of an address', () => {
    expect(urlHint('https://oapi.dingtalk.com/robot/send?access_token=abc')).toBe(
      'https://oapi.dingtalk.com/robot/send?…',
    );
    expect(urlHint('https://hooks.example.com:8443/in')).toBe('https://hooks.example.com:8443/in');
  });

  it('accepts https for standard endpoints, http(s) for robots, no credentials', () => {
    expect(urlProblem('standard', 'https://hooks.example.com/in')).toBeNull();
    expect(urlProblem('standard', 'http://hooks.example.com/in')).toBe('not-https');
    expect(urlProblem('wecom', 'http://hooks.example.com/in')).toBeNull();
    expect(urlProblem('standard', 'ftp://hooks.example.com/in')).toBe('invalid');
    expect(urlProblem('standard', 'https://user:pw@hooks.example.com/in')).toBe('invalid');
    expect(urlProblem('standard', 'not a url')).toBe('invalid');
    expect(urlProblem('standard', `https://a.example.com/${'x'.repeat(2000)}`)).toBe('invalid');
  });

  it('allows only the events of the kind', () => {
    expect(allowedEvents('standard', ['seat.bound', 'order.paid', 'order.paid'])).toEqual([
      'order.paid',
      'seat.bound',
    ]);
    expect(allowedEvents('wecom', ['seat.bound'])).toBeNull();
    expect(allowedEvents('wecom', ['order.paid'])).toEqual(['order.paid']);
    expect(allowedEvents('standard', [])).toBeNull();
    expect(allowedEvents('standard', ['order.nope'])).toBeNull();
    expect(parseEvents('["order.paid","x"]')).toEqual(['order.paid']);
    expect(parseEvents('nope')).toEqual([]);
  });

  it('signs with the previous secret only within its 24 hours', () => {
    const now = new Date('2026-12-20T10:00:00Z');
    const prev = { secret: 'old', until: new Date('2026-12-20T10:00:01Z') };
    expect(signingSecrets('new', prev, now)).toEqual(['new', 'old']);
    expect(signingSecrets('new', { ...prev, until: now }, now)).toEqual(['new']);
    expect(signingSecrets(null, null, now)).toEqual([]);
  });

  it('keeps 500 characters of an answer and disables after the failing period', () => {
    expect(keptResponse('x'.repeat(900))).toHaveLength(500);
    const since = new Date('2026-12-17T10:00:00Z');
    expect(failingTooLong(since, new Date('2026-12-20T09:59:59Z'), 72 * 3600)).toBe(false);
    expect(failingTooLong(since, new Date('2026-12-20T10:00:00Z'), 72 * 3600)).toBe(true);
    expect(failingTooLong(null, new Date(), 1)).toBe(false);
  });

  it('signs a standard request that the package verifies with either secret', () => {
    const [a, b] = [newSecret(), newSecret()];
    const now = new Date();
    const req = standardChannel.prepare({
      url: 'https://hooks.example.com/in',
      secrets: [a, b],
      envelope: { id: 'msg_1', type: 'order.paid', timestamp: now.toISOString(), data: { x: 1 } },
      language: 'en',
      now,
    });
    for (const s of [a, b])
      expect(new Webhook(s).verify(req.body, req.headers)).toMatchObject({ type: 'order.paid' });
    expect(() => new Webhook(newSecret()).verify(req.body, req.headers)).toThrow();
    expect(standardChannel.delivered(204, '')).toBe(true);
    expect(standardChannel.delivered(500, '')).toBe(false);
  });
});
