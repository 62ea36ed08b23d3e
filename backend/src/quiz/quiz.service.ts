import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { RolesService } from '../auth/roles.service';
import { LicensesService } from '../licenses/licenses.service';
import type { User } from '../users/user.entity';
import type { SaveQuestionDto } from './dto/quiz.dto';
import { QuizOption, QuizQuestion } from './quiz-question.entity';
import { QuizError, QuizErrorCode } from './quiz-errors';
import { categoryOf, validateQuestion } from './quiz-rules';
import { isUuid } from '../common/query';

@Injectable()
export class QuizService {
  constructor(
    private readonly em: EntityManager,
    private readonly roles: RolesService,
    private readonly audit: AuditService,
    private readonly licenses: LicensesService,
  ) {}

  private adminView(q: QuizQuestion) {
    return {
      id: q.id,
      question: q.question,
      explanation: q.explanation,
      categorySlug: q.categorySlug,
      categoryLabel: q.categoryLabel,
      isActive: q.isActive,
      options: q.options.getItems().map((o) => ({
        id: o.id,
        text: o.text,
        originOrder: o.originOrder,
        isCorrect: o.isCorrect,
      })),
      updatedAt: q.updatedAt.toISOString(),
    };
  }

  /** Active questions for admins and for users holding a valid plan (an active licence of any tier). */
  async questionsFor(user: User, category?: string) {
    if (!this.roles.isAdmin(user)) {
      if (!(await this.licenses.hasActiveLicense(user.id)))
        throw new QuizError(QuizErrorCode.QUIZ_PLAN_REQUIRED);
    }
    const questions = await this.em.find(
      QuizQuestion,
      { isActive: true, ...(category ? { categorySlug: category } : {}) },
      { populate: ['options'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return {
      questions: questions.map((q) => ({
        id: q.id,
        question: q.question,
        options: q.options
          .getItems()
          .map((o) => ({ id: o.id, text: o.text, isCorrect: o.isCorrect })),
        explanation: q.explanation,
        categoryLabel: q.categoryLabel,
        categorySlug: q.categorySlug,
      })),
    };
  }

  async adminList(category?: string) {
    const questions = await this.em.find(QuizQuestion, category ? { categorySlug: category } : {}, {
      populate: ['options'],
      orderBy: { createdAt: 'desc', id: 'asc' },
    });
    return { questions: questions.map((q) => this.adminView(q)) };
  }

  async categories() {
    const rows = await this.em
      .getConnection()
      .execute<{ slug: string; label: string }[]>(
        'select category_slug as slug, min(category_label) as label from quiz_questions group by category_slug order by min(category_label)',
      );
    return { categories: rows };
  }

  async create(admin: User, dto: SaveQuestionDto) {
    return this.save(admin, null, dto);
  }

  async update(admin: User, id: string, dto: SaveQuestionDto) {
    return this.save(admin, id, dto);
  }

  private async save(admin: User, id: string | null, dto: SaveQuestionDto) {
    const { options } = validateQuestion(dto);
    const category = categoryOf(dto.categoryLabel);
    return this.em.transactional(async (em) => {
      let question: QuizQuestion;
      let before: ReturnType<QuizService['adminView']> | null = null;
      if (id) {
        const found = isUuid(id)
          ? await em.findOne(QuizQuestion, { id }, { populate: ['options'] })
          : null;
        if (!found) throw new QuizError(QuizErrorCode.QUESTION_NOT_FOUND);
        before = this.adminView(found);
        question = found;
        question.options.removeAll();
      } else {
        question = em.create(QuizQuestion, {
          question: '',
          explanation: '',
          categorySlug: '',
          categoryLabel: '',
        });
      }
      em.assign(question, {
        question: dto.question.trim(),
        explanation: dto.explanation.trim(),
        categorySlug: category.slug,
        categoryLabel: category.label,
        isActive: dto.isActive ?? true,
      });
      options.forEach((text, i) =>
        question.options.add(
          em.create(QuizOption, { question, text, originOrder: i, isCorrect: i === 0 }),
        ),
      );
      await em.flush();
      const after = this.adminView(question);
      this.audit.record(em, {
        actor: admin.email,
        action: id ? 'quiz.update' : 'quiz.create',
        target: question.id,
        before,
        after,
      });
      await em.flush();
      return { question: after };
    });
  }

  async remove(admin: User, id: string) {
    await this.em.transactional(async (em) => {
      const found = isUuid(id)
        ? await em.findOne(QuizQuestion, { id }, { populate: ['options'] })
        : null;
      if (!found) throw new QuizError(QuizErrorCode.QUESTION_NOT_FOUND);
      this.audit.record(em, {
        actor: admin.email,
        action: 'quiz.delete',
        target: id,
        before: this.adminView(found),
      });
      em.remove(found);
      await em.flush();
    });
    return { success: true };
  }
}
