import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';

export interface Roles {
  isAdmin: boolean;
  isQuizManager: boolean;
}

/** Admins and quiz managers come from configuration (ADMIN_EMAILS, QUIZ_MANAGER_EMAILS). */
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

  isAdmin(email: string): boolean {
    return this.admins.has(email.toLowerCase());
  }

  isQuizManager(email: string): boolean {
    return this.quizManagers.has(email.toLowerCase());
  }

  rolesOf(email: string): Roles {
    return { isAdmin: this.isAdmin(email), isQuizManager: this.isQuizManager(email) };
  }
}
