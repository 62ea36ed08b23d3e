import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from './api/types';
import { shuffle, shuffleQuiz } from './shuffle';

/** A seeded random in [0, 1) (mulberry32), so every run shuffles the same way. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const question = (id: string, optionCount: number, correct = 0): QuizQuestion => ({
  id,
  question: `question ${id}`,
  explanation: `because ${id}`,
  categoryLabel: '基础',
  categorySlug: 'basics',
  options: Array.from({ length: optionCount }, (_, i) => ({
    id: `${id}-o${i}`,
    text: `option ${i} of ${id}`,
    isCorrect: i === correct,
  })),
});

const bank = [question('q1', 4), question('q2', 2, 1), question('q3', 3, 2), question('q4', 4, 3)];

describe('shuffle', () => {
  it('returns a permutation and leaves the input alone', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const before = items.slice();
    const result = shuffle(items, seeded(1));
    expect(items).toEqual(before);
    expect(result).not.toBe(items);
    expect(result.slice().sort((a, b) => a - b)).toEqual(before);
    expect(result).not.toEqual(before);
  });

  it('copes with empty and single lists and a random that returns its maximum', () => {
    expect(shuffle([], seeded(2))).toEqual([]);
    expect(shuffle(['only'], seeded(2))).toEqual(['only']);
    expect(shuffle([1, 2, 3], () => 0.9999999999).sort()).toEqual([1, 2, 3]);
  });

  it('reaches every order of three items', () => {
    const random = seeded(3);
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) seen.add(shuffle(['a', 'b', 'c'], random).join(''));
    expect(seen.size).toBe(6);
  });
});

describe('shuffleQuiz', () => {
  it('keeps every question and every option, with its text and correctness', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const result = shuffleQuiz(bank, seeded(seed));
      expect(result.map((q) => q.id).sort()).toEqual(['q1', 'q2', 'q3', 'q4']);
      for (const shuffled of result) {
        const original = bank.find((q) => q.id === shuffled.id)!;
        expect(shuffled.question).toBe(original.question);
        expect(shuffled.explanation).toBe(original.explanation);
        expect(shuffled.options).toHaveLength(original.options.length);
        expect([...shuffled.options].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          original.options,
        );
        expect(shuffled.options.filter((o) => o.isCorrect)).toEqual(
          original.options.filter((o) => o.isCorrect),
        );
      }
    }
  });

  it('changes the question order and the option order', () => {
    const orders = new Set<string>();
    const firstOptions = new Set<string>();
    for (let seed = 1; seed <= 25; seed++) {
      const result = shuffleQuiz(bank, seeded(seed));
      orders.add(result.map((q) => q.id).join());
      firstOptions.add(result.find((q) => q.id === 'q1')!.options[0]!.id);
    }
    expect(orders.size).toBeGreaterThan(5);
    // The correct answer (option 0 as stored) does not stay in first place.
    expect(firstOptions.size).toBe(4);
  });

  it('does not change the questions it was given', () => {
    const copy = structuredClone(bank);
    shuffleQuiz(bank, seeded(9));
    expect(bank).toEqual(copy);
  });
});
