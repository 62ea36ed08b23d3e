import { Property } from '@mikro-orm/core';

/**
 * The `created_at` and `updated_at` columns of the entities that keep both (timestamptz, `now()` by default):
 * set when the entity is made, `updatedAt` again by every flush that changes it. The entities with only
 * one of them, or with their own declaration, declare them themselves.
 */
export abstract class Timestamped {
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
