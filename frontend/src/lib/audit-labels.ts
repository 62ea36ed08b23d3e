import { isTier, tierName, type Tier } from '@seatkeeper/domain';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, toLanguage } from './i18n';

/**
 * How an audit entry reads in the interface's language (docs/architecture.md#language): its action by
 * label, its actor and its target. The server records actors and targets as text, some of it English
 * ('4 addresses', '<licence id> (seat 2)', 'gateway:alipay'); stored history stays as written, and these
 * rules read it back into parts the catalogue words (`adminAudit:actor.*`, `target.*`, `gateways.*`).
 * One home for the audit log, the customer page and the admin order drawer. Pure parts unit-tested.
 */

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Who acted (as backend/src/audit/audit-rules.ts `actorOf` reads `actor`). */
export type AuditActor =
  | { kind: 'admin'; email: string }
  | { kind: 'customer' }
  | { kind: 'gateway'; gateway: string }
  | { kind: 'system' };

/** An admin's e-mail, `user:<id>` (the customer acting), `gateway:<id>`, or the system. */
export function auditActor(actor: string): AuditActor {
  if (actor.startsWith('user:')) return { kind: 'customer' };
  if (actor.startsWith('gateway:'))
    return { kind: 'gateway', gateway: actor.slice('gateway:'.length) };
  if (EMAIL.test(actor)) return { kind: 'admin', email: actor };
  return { kind: 'system' };
}

/** What an entry is about, in parts the catalogue can word. */
export type AuditTarget =
  | { kind: 'seat'; licenseId: string; seat: number }
  | { kind: 'addresses'; count: number }
  | { kind: 'plan'; tier: Tier }
  | { kind: 'docs'; slug: string; language: string }
  | { kind: 'text'; text: string };

/** A seat as the server names it (customer-rules.ts `seatTarget`, licenses.service.ts). */
const SEAT = /^(\S+) \(seat (\d+)\)$/;
/** The VIP batch's target (vip.service.ts): the number of addresses submitted. */
const ADDRESSES = /^(\d+) addresses$/;
/** A docs section in one language (docs.service.ts). */
const DOCS = /^docs:([^/]+)\/(.+)$/;

const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** The addresses a VIP batch was given: added, skipped and failed, as its entry records them. */
function batchSize(after: unknown): number | null {
  if (!after || typeof after !== 'object') return null;
  const { added, skipped, failed } = after as Record<string, unknown>;
  if (![added, skipped, failed].some(Array.isArray)) return null;
  return listLength(added) + listLength(skipped) + listLength(failed);
}

/** Reads an entry's target: a seat, a VIP batch's addresses, a plan, a docs section, else its text. */
export function auditTarget(entry: {
  action: string;
  target: string;
  after?: unknown;
}): AuditTarget {
  const { action, target } = entry;
  const seat = SEAT.exec(target);
  if (seat) return { kind: 'seat', licenseId: seat[1]!, seat: Number(seat[2]) };
  if (action === 'vip.batch') {
    const count = ADDRESSES.exec(target)?.[1];
    const size = count !== undefined ? Number(count) : batchSize(entry.after);
    if (size !== null) return { kind: 'addresses', count: size };
  }
  if (action === 'plan.update' && isTier(target)) return { kind: 'plan', tier: target };
  const docs = action === 'docs.update' ? DOCS.exec(target) : null;
  if (docs) return { kind: 'docs', slug: docs[1]!, language: docs[2]! };
  return { kind: 'text', text: target };
}

/**
 * The labels in the active language, re-rendering on a switch (the adminAudit namespace must be
 * loaded: pages that show audit entries list it in their `namespaces`).
 */
export function useAuditLabels() {
  const { t, i18n } = useTranslation('adminAudit');
  const known = (key: string) => i18n.exists(`adminAudit:${key}`);
  /** A payment gateway by its method's name ('sandbox' → 'Sandbox' / '沙箱'); another id as it is. */
  const gateway = (id: string) => (known(`gateways.${id}`) ? t(`gateways.${id}`) : id);
  return {
    /** An action by its label; an action without one shows its name. */
    action: (action: string) => (known(`actions.${action}`) ? t(`actions.${action}`) : action),
    /** Who acted: an admin by e-mail (`email` when the server resolved one), else in words. */
    actor: (actor: string, email?: string | null): string => {
      if (email) return email;
      const who = auditActor(actor);
      switch (who.kind) {
        case 'admin':
          return who.email;
        case 'customer':
          return t('actor.customer');
        case 'gateway':
          return t('actor.gateway', { name: gateway(who.gateway) });
        default:
          return t('actor.system');
      }
    },
    /** What the entry is about, in the active language. */
    target: (entry: { action: string; target: string; after?: unknown }): string => {
      const target = auditTarget(entry);
      switch (target.kind) {
        case 'seat':
          return t('target.seat', { id: target.licenseId, seat: target.seat });
        case 'addresses':
          return t('target.addresses', { count: target.count });
        case 'plan':
          return tierName(target.tier);
        case 'docs': {
          const language = toLanguage(target.language);
          return t('target.docs', {
            slug: target.slug,
            language: language ? LANGUAGE_NAMES[language] : target.language,
          });
        }
        default:
          return target.text;
      }
    },
  };
}
