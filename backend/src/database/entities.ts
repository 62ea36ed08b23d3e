import { EmailSignInCode } from '../auth/email-code.entity';
import { EmailSignInFailure } from '../auth/email-sign-in-failure.entity';
import { SessionRecord } from '../auth/session.entity';
import { WechatIdentity } from '../auth/wechat-identity.entity';
import { AiJob } from '../ai/ai-job.entity';
import { AiJobTurn } from '../ai/ai-job-turn.entity';
import { AuditEntry } from '../audit/audit-entry.entity';
import { Discount } from '../discounts/discount.entity';
import { DiscountUse } from '../discounts/discount-use.entity';
import { DocsSection } from '../docs/docs-section.entity';
import { VipEmail } from '../vip/vip-email.entity';
import { QuizOption, QuizQuestion } from '../quiz/quiz-question.entity';
import { SiteInstall } from '../installs/site-install.entity';
import { License } from '../licenses/license.entity';
import { MailMessage } from '../mail/mail-message.entity';
import { Order } from '../orders/order.entity';
import { PlanRow } from '../plans/plan.entity';
import { RateLimitCounter } from '../rate-limits/rate-limit-counter.entity';
import { Post } from '../posts/post.entity';
import { Release, ReleaseFile } from '../releases/release.entity';
import { UserToken } from '../tokens/user-token.entity';
import { User } from '../users/user.entity';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from '../webhooks/webhook-endpoint.entity';

/** Every entity of the app; the migrations must describe exactly these (checked by a test). */
export const ENTITIES = [
  User,
  SessionRecord,
  UserToken,
  Order,
  License,
  Post,
  Discount,
  DiscountUse,
  VipEmail,
  AuditEntry,
  QuizQuestion,
  QuizOption,
  AiJob,
  AiJobTurn,
  MailMessage,
  PlanRow,
  EmailSignInCode,
  EmailSignInFailure,
  DocsSection,
  Release,
  ReleaseFile,
  RateLimitCounter,
  SiteInstall,
  WebhookEndpoint,
  WebhookDelivery,
  WechatIdentity,
];
