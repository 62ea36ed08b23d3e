import { randomBytes } from 'node:crypto';
import {
  eventTypesFor,
  isWebhookEventType,
  type EndpointKind,
  type WebhookEventType,
} from '@seatkeeper/domain';

/**
 * The webhooks' rules (docs/webhooks.md), pure: ids and secrets, which addresses and events an endpoint
 * may have, which secrets sign, and what an attempt's answer leaves in the log.
 */

/** The first characters of an answer kept in the delivery log. */
export const RESPONSE_KEPT_CHARS = 500;
/** How long the previous secret keeps signing beside the new one after a rotation. */
export const ROTATION_OVERLAP_SECONDS = 24 * 3600;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `msg_` and 24 random base62 characters: the `webhook-id`, the same on every attempt. */
export function newMessageId(): string {
  const bytes = randomBytes(24);
  let id = 'msg_';
  for (const b of bytes) id += BASE62[b % 62];
  return id;
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64 (what the package's Webhook reads). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** What may be shown of an address: scheme, host, port and path; never the query (a robot's token). */
export function urlHint(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
}

export type UrlProblem = 'invalid' | 'not-https' | null;

/**
 * An endpoint's address: an absolute http(s) URL without credentials, of at most 2000 characters; a
 * Standard Webhooks endpoint only over HTTPS. (Private addresses are the SSRF guard's, checked apart.)
 */
export function urlProblem(kind: EndpointKind, raw: string): UrlProblem {
  if (raw.length > 2000) return 'invalid';
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'invalid';
  if (!u.hostname || u.username || u.password) return 'invalid';
  if (kind === 'standard' && u.protocol !== 'https:') return 'not-https';
  return null;
}

/** The subscribed events, deduplicated in the domain's order; null when any is unknown or not allowed. */
export function allowedEvents(
  kind: EndpointKind,
  events: readonly unknown[],
): WebhookEventType[] | null {
  const allowed = eventTypesFor(kind);
  if (!events.length) return null;
  for (const e of events) if (!isWebhookEventType(e) || !allowed.includes(e)) return null;
  return allowed.filter((e) => events.includes(e));
}

/** The stored JSON list read back (unknown entries dropped). */
export function parseEvents(json: string): WebhookEventType[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter(isWebhookEventType) : [];
  } catch {
    return [];
  }
}

/** The secrets that sign at `now`, newest first: the current one, and the previous one within 24 h. */
export function signingSecrets(
  current: string | null,
  previous: { secret: string; until: Date } | null,
  now: Date,
): string[] {
  const list: string[] = [];
  if (current) list.push(current);
  if (previous && previous.until.getTime() > now.getTime()) list.push(previous.secret);
  return list;
}

/** The first characters of an answer, on one line for the log. */
export function keptResponse(body: string): string {
  return body.slice(0, RESPONSE_KEPT_CHARS);
}

/**
 * Whether an endpoint failing since `failingSince` is to be disabled at `now` (WEBHOOK_DISABLE_AFTER_HOURS,
 * 3 days by default, without one delivered attempt).
 */
export function failingTooLong(
  failingSince: Date | null,
  now: Date,
  afterSeconds: number,
): boolean {
  return !!failingSince && now.getTime() - failingSince.getTime() >= afterSeconds * 1000;
}
