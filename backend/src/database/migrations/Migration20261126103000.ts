import { Migration } from '@mikro-orm/migrations';

/**
 * Users are keyed on the identity provider's subject; an account may exist before its first sign-in (no
 * subject yet), and is then linked by a verified e-mail once (see UsersService.signInFromProfile).
 */
export class Migration20261126103000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "users" alter column "google_sub" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" alter column "google_sub" set not null;`);
  }

}
