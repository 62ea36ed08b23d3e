import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  answerRecord,
  clearAnswers,
  QUIZ_ANSWERS_KEY,
  readAnswers,
  saveAnswer,
  type AnswerRecord,
} from './answer-store';

const record = (overrides: Partial<AnswerRecord> = {}): AnswerRecord => ({
  selectedOptionId: 'o1',
  isCorrect: true,
  timeSpent: 12,
  timestamp: 1_790_000_000,
  ...overrides,
});

describe('local answer record', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('keeps every answer under one key, per question id', () => {
    saveAnswer('q1', record());
    saveAnswer('q2', record({ selectedOptionId: 'o7', isCorrect: false, timeSpent: 3 }));
    expect(localStorage.length).toBe(1);
    expect(JSON.parse(localStorage.getItem(QUIZ_ANSWERS_KEY)!)).toEqual({
      q1: record(),
      q2: record({ selectedOptionId: 'o7', isCorrect: false, timeSpent: 3 }),
    });
    expect(readAnswers()).toEqual({
      q1: record(),
      q2: record({ selectedOptionId: 'o7', isCorrect: false, timeSpent: 3 }),
    });
  });

  it('replaces an earlier answer to the same question', () => {
    saveAnswer('q1', record());
    saveAnswer('q1', record({ selectedOptionId: 'o2', isCorrect: false }));
    expect(readAnswers()).toEqual({ q1: record({ selectedOptionId: 'o2', isCorrect: false }) });
  });

  it('clears everything when a quiz starts', () => {
    saveAnswer('q1', record());
    clearAnswers();
    expect(localStorage.getItem(QUIZ_ANSWERS_KEY)).toBeNull();
    expect(readAnswers()).toEqual({});
  });

  it('reads nothing from a missing, unreadable or malformed record', () => {
    expect(readAnswers()).toEqual({});
    localStorage.setItem(QUIZ_ANSWERS_KEY, '{not json');
    expect(readAnswers()).toEqual({});
    localStorage.setItem(QUIZ_ANSWERS_KEY, '[1,2]');
    expect(readAnswers()).toEqual({});
    localStorage.setItem(
      QUIZ_ANSWERS_KEY,
      JSON.stringify({ good: record(), bad: { selectedOptionId: 'x' }, worse: null }),
    );
    expect(readAnswers()).toEqual({ good: record() });
  });

  it('works without storage (nothing kept, nothing thrown)', () => {
    expect(saveAnswer('q1', record(), null)).toEqual({ q1: record() });
    expect(readAnswers(null)).toEqual({});
    expect(() => clearAnswers(null)).not.toThrow();
  });

  it('survives a storage that refuses writes', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('nope');
      },
    } as unknown as Storage;
    expect(() => saveAnswer('q1', record(), full)).not.toThrow();
    expect(() => clearAnswers(full)).not.toThrow();
  });

  it('builds a record with whole seconds spent and a timestamp in seconds', () => {
    expect(answerRecord('o3', false, 7.9, 1_790_000_000_123)).toEqual({
      selectedOptionId: 'o3',
      isCorrect: false,
      timeSpent: 7,
      timestamp: 1_790_000_000,
    });
    expect(answerRecord('o3', true, -2, 0).timeSpent).toBe(0);
  });
});
