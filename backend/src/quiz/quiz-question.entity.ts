import { randomUUID } from 'node:crypto';
import {
  Cascade,
  Collection,
  Entity,
  Index,
  ManyToOne,
  OneToMany,
  OptionalProps,
  PrimaryKey,
  Property,
} from '@mikro-orm/core';
import { Timestamped } from '../database/timestamped';

/**
 * A quiz question (Markdown question and explanation) in a category, with 2-4 options. The bank holds
 * Chinese and English texts (`question` / `questionEn` ...); a player gets their language's, or the
 * other's when one is empty (docs/product.md, quiz).
 */
@Entity({ tableName: 'quiz_questions' })
@Index({ properties: ['categorySlug', 'isActive'] })
export class QuizQuestion extends Timestamped {
  [OptionalProps]?:
    | 'id'
    | 'isActive'
    | 'createdAt'
    | 'updatedAt'
    | 'questionEn'
    | 'explanationEn'
    | 'categoryLabelEn';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  question!: string;

  @Property({ type: 'text', default: '' })
  questionEn: string = '';

  @Property({ type: 'text' })
  explanation!: string;

  @Property({ type: 'text', default: '' })
  explanationEn: string = '';

  @Property({ type: 'text' })
  categorySlug!: string;

  /** The category's Chinese label (as every question of the category holds it). */
  @Property({ type: 'text' })
  categoryLabel!: string;

  @Property({ type: 'text', default: '' })
  categoryLabelEn: string = '';

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @OneToMany(() => QuizOption, (o) => o.question, {
    cascade: [Cascade.ALL],
    orphanRemoval: true,
    orderBy: { originOrder: 'asc' },
  })
  options = new Collection<QuizOption>(this);
}

@Entity({ tableName: 'quiz_options' })
export class QuizOption {
  [OptionalProps]?: 'id' | 'textEn';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => QuizQuestion, { deleteRule: 'cascade' })
  question!: QuizQuestion;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'text', default: '' })
  textEn: string = '';

  /** Position as authored (0 = first). The first option is the correct answer. */
  @Property({ type: 'integer' })
  originOrder!: number;

  @Property({ type: 'boolean' })
  isCorrect!: boolean;
}
