import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { User } from './user.entity';

export interface IdentityProfile {
  sub: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
}

@Injectable()
export class UsersService {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  /**
   * Creates or refreshes the user behind an identity-provider profile: matched by the provider's subject,
   * else by e-mail. Two first sign-ins racing each other end with one row (retried on the unique constraint).
   */
  async upsertFromProfile(profile: IdentityProfile): Promise<User> {
    const email = profile.email.trim().toLowerCase();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.em.fork().transactional(async (em) => {
          const user =
            (await em.findOne(User, { googleSub: profile.sub })) ?? (await em.findOne(User, { email }));
          const fields = {
            googleSub: profile.sub,
            email,
            name: profile.name.trim() || email.split('@')[0],
            image: profile.image,
            emailVerified: profile.emailVerified,
          };
          if (user) {
            em.assign(user, fields);
            return user;
          }
          return em.create(User, fields);
        });
      } catch (e) {
        if (!(e instanceof UniqueConstraintViolationException) || attempt >= 2) throw e;
      }
    }
  }

  async update(user: User, changes: { name?: string; image?: string | null }): Promise<User> {
    this.em.assign(user, changes);
    await this.em.flush();
    return user;
  }

  async delete(user: User): Promise<void> {
    await this.em.nativeDelete(User, { id: user.id });
  }
}
