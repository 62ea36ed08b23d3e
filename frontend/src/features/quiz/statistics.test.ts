import { describe, expect, it } from 'vitest';
import type { AnswerRecords } from './answer-store';
import { formatMinutesSeconds } from '../../lib/format';
import { computeStatistics } from './statistics';

const answers: AnswerRecords = {
  q1: { selectedOptionId: 'a', isCorrect: true, timeSpent: 10, timestamp: 1 },
  q2: { selectedOptionId: 'b', isCorrect: false, timeSpent: 25, timestamp: 2 },
  q3: { selectedOptionId: 'c', isCorrect: true, timeSpent: 40, timestamp: 3 },
};

describe('computeStatistics', () => {
  it('counts answers, right and wrong, accuracy, total time and the wrong questions', () => {
    expect(computeStatistics(answers)).toEqual({
      totalAnswered: 3,
      correctCount: 2,
      wrongCount: 1,
      accuracy: (2 / 3) * 100,
      totalTimeSpent: 75,
      wrongQuestionIds: ['q2'],
    });
  });

  it('gives zeros, not NaN, when nothing was answered', () => {
    expect(computeStatistics({})).toEqual({
      totalAnswered: 0,
      correctCount: 0,
      wrongCount: 0,
      accuracy: 0,
      totalTimeSpent: 0,
      wrongQuestionIds: [],
    });
  });

  it('counts only the given questions, listing wrong ones in that order', () => {
    const more: AnswerRecords = {
      ...answers,
      q4: { selectedOptionId: 'd', isCorrect: false, timeSpent: 5, timestamp: 4 },
    };
    expect(computeStatistics(more, ['q4', 'q2', 'unanswered'])).toEqual({
      totalAnswered: 2,
      correctCount: 0,
      wrongCount: 2,
      accuracy: 0,
      totalTimeSpent: 30,
      wrongQuestionIds: ['q4', 'q2'],
    });
  });

  it('gives 100 when every answer is right', () => {
    expect(computeStatistics({ q1: answers.q1! }).accuracy).toBe(100);
  });
});

describe('formatMinutesSeconds', () => {
  it('shows total time as minutes and seconds', () => {
    expect(formatMinutesSeconds(0)).toBe('0 min 0 s');
    expect(formatMinutesSeconds(42)).toBe('0 min 42 s');
    expect(formatMinutesSeconds(125)).toBe('2 min 5 s');
    expect(formatMinutesSeconds(3600)).toBe('60 min 0 s');
    expect(formatMinutesSeconds(-5)).toBe('0 min 0 s');
    expect(formatMinutesSeconds(Number.NaN)).toBe('0 min 0 s');
  });
});
