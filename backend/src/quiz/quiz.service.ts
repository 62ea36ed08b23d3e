import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { RolesService } from '../auth/roles.service';
import { LicensesService } from '../licenses/licenses.service';
import type { User } from '../users/user.entity';
import type { SaveQuestionDto } from './dto/quiz.dto';
import { QuizOption, QuizQuestion } from './quiz-question.entity';
import { QuizError, QuizErrorCode } from './quiz-errors';
import {
  inLanguage,
  resolveCategory,
  validateQuestion,
  type QuizCategory,
  type QuizLanguage,
} from './quiz-rules';
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
      questionEn: q.questionEn,
      explanation: q.explanation,
      explanationEn: q.explanationEn,
      categorySlug: q.categorySlug,
      categoryLabel: q.categoryLabel,
      categoryLabelEn: q.categoryLabelEn,
      isActive: q.isActive,
      options: q.options.getItems().map((o) => ({
        id: o.id,
        text: o.text,
        textEn: o.textEn,
        originOrder: o.originOrder,
        isCorrect: o.isCorrect,
      })),
      updatedAt: q.updatedAt.toISOString(),
    };
  }

  /**
   * Active questions for admins and for users holding a valid plan (an active licence of any tier), in the
   * player's language (each text falling back to the other language's when empty).
   */
  async questionsFor(user: User, category?: string, language: QuizLanguage = 'zh-CN') {
    const t = (zh: string, en: string) => inLanguage(language, zh, en);
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
        question: t(q.question, q.questionEn),
        options: q.options
          .getItems()
          .map((o) => ({ id: o.id, text: t(o.text, o.textEn), isCorrect: o.isCorrect })),
        explanation: t(q.explanation, q.explanationEn),
        categoryLabel: t(q.categoryLabel, q.categoryLabelEn),
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

  /** The categories in use, each with its Chinese and English labels (`label` falls back to English). */
  async categories(): Promise<{ categories: QuizCategory[] }> {
    const rows = await this.existingCategories();
    return {
      categories: rows
        .map((c) => ({ ...c, label: c.label || c.labelEn }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    };
  }

  /** The categories in use (inside a save: read in its transaction). */
  private existingCategories(em: EntityManager = this.em) {
    return em.execute<QuizCategory[]>(
      `select category_slug as slug, max(category_label) as label, max(category_label_en) as "labelEn" from quiz_questions group by category_slug`,
    );
  }

  async create(admin: User, dto: SaveQuestionDto) {
    return this.save(admin, null, dto);
  }

  async update(admin: User, id: string, dto: SaveQuestionDto) {
    return this.save(admin, id, dto);
  }

  private async save(admin: User, id: string | null, dto: SaveQuestionDto) {
    const { options } = validateQuestion(dto);
    return this.em.transactional(async (em) => {
      const category = resolveCategory(
        { label: dto.categoryLabel, labelEn: dto.categoryLabelEn },
        await this.existingCategories(em),
      );
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
        questionEn: (dto.questionEn ?? '').trim(),
        explanation: dto.explanation.trim(),
        explanationEn: (dto.explanationEn ?? '').trim(),
        categorySlug: category.slug,
        categoryLabel: category.label,
        categoryLabelEn: category.labelEn,
        isActive: dto.isActive ?? true,
      });
      options.forEach(({ text, textEn }, i) =>
        question.options.add(
          em.create(QuizOption, { question, text, textEn, originOrder: i, isCorrect: i === 0 }),
        ),
      );
      // A label the category lacked (its English one, say) is given to all its questions.
      await em.nativeUpdate(
        QuizQuestion,
        { categorySlug: category.slug, categoryLabel: '' },
        { categoryLabel: category.label },
      );
      await em.nativeUpdate(
        QuizQuestion,
        { categorySlug: category.slug, categoryLabelEn: '' },
        { categoryLabelEn: category.labelEn },
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
