import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';

export interface Roles {
  isAdmin: boolean;
  isQuizManager: boolean;
}

/** Who the role checks look at: an address counts only once the identity provider has verified it. */
export interface RoleSubject {
  email: string;
  emailVerified: boolean;
}

/**
 * Admins and quiz managers come from configuration (ADMIN_EMAILS, QUIZ_MANAGER_EMAILS). A user holds a role
 * only with a verified e-mail: an unverified address proves nothing about who signed in.
 */
@Injectable()
export class RolesService {
  private readonly admins: Set<string>;
  private readonly quizManagers: Set<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.admins = new Set(config.adminEmails);
    this.quizManagers = new Set([...config.adminEmails, ...config.quizManagerEmails]);
  }

  get adminEmails(): string[] {
    return [...this.admins];
  }

  /** Whether the address is configured as an admin's (lists and the VIP list's protection; not an authorisation). */
  isAdminEmail(email: string): boolean {
    return this.admins.has(email.toLowerCase());
  }

  isAdmin(user: RoleSubject): boolean {
    return user.emailVerified === true && this.admins.has(user.email.toLowerCase());
  }

  isQuizManager(user: RoleSubject): boolean {
    return user.emailVerified === true && this.quizManagers.has(user.email.toLowerCase());
  }

  rolesOf(user: RoleSubject): Roles {
    return { isAdmin: this.isAdmin(user), isQuizManager: this.isQuizManager(user) };
  }
}
