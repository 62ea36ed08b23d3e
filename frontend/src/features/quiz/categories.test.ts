import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from './api/types';
import { categoriesOf } from './categories';

const q = (id: string, categorySlug: string | null, categoryLabel: string | null): QuizQuestion =>
  // The server always sends both; categoriesOf still copes with questions lacking them.
  ({
    id,
    question: id,
    explanation: id,
    options: [],
    categorySlug,
    categoryLabel,
  }) as QuizQuestion;

describe('categoriesOf', () => {
  it('lists the categories present in the questions, once each, in order of appearance', () => {
    expect(
      categoriesOf([
        q('1', 'editor', '编辑器'),
        q('2', 'theme', '主题'),
        q('3', 'editor', '编辑器'),
        q('4', null, '通用'),
        q('5', null, null),
      ]),
    ).toEqual([
      { slug: 'editor', label: '编辑器' },
      { slug: 'theme', label: '主题' },
      { slug: '通用', label: '通用' },
    ]);
  });
});
