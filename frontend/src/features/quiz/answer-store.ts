/**
 * docs/product.md#data Local answer record: the player's answers, kept in the browser's local storage under one
 * key, per question id. Starting a quiz clears them (docs/product.md#states).
 */
export const QUIZ_ANSWERS_KEY = 'seatkeeper.quiz.answers';

export interface AnswerRecord {
  selectedOptionId: string;
  isCorrect: boolean;
  /** Seconds spent on the question. */
  timeSpent: number;
  /** When it was answered, in seconds since the epoch (docs/product.md#constants: timestamps are in seconds). */
  timestamp: number;
}

export type AnswerRecords = Record<string, AnswerRecord>;

/** The store to use: the browser's, or none where it is unavailable (private modes, tests). */
function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is AnswerRecord {
  if (!value || typeof value !== 'object') return false;
  const r = value as Partial<AnswerRecord>;
  return (
    typeof r.selectedOptionId === 'string' &&
    typeof r.isCorrect === 'boolean' &&
    typeof r.timeSpent === 'number' &&
    Number.isFinite(r.timeSpent) &&
    typeof r.timestamp === 'number' &&
    Number.isFinite(r.timestamp)
  );
}

/** The stored answers; anything unreadable or malformed is left out. */
export function readAnswers(storage: Storage | null = defaultStorage()): AnswerRecords {
  if (!storage) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(QUIZ_ANSWERS_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const answers: AnswerRecords = {};
  for (const [id, record] of Object.entries(parsed)) {
    if (isRecord(record)) answers[id] = record;
  }
  return answers;
}

function write(storage: Storage | null, answers: AnswerRecords) {
  try {
    storage?.setItem(QUIZ_ANSWERS_KEY, JSON.stringify(answers));
  } catch {
    // Full or refused storage: the quiz still runs, only the record is lost.
  }
}

/** Records (or replaces) the answer to one question. */
export function saveAnswer(
  questionId: string,
  record: AnswerRecord,
  storage: Storage | null = defaultStorage(),
): AnswerRecords {
  const answers = { ...readAnswers(storage), [questionId]: record };
  write(storage, answers);
  return answers;
}

/** Forgets every stored answer (a new quiz starts). */
export function clearAnswers(storage: Storage | null = defaultStorage()) {
  try {
    storage?.removeItem(QUIZ_ANSWERS_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Builds the record for an answer given now. */
export function answerRecord(
  selectedOptionId: string,
  isCorrect: boolean,
  timeSpent: number,
  now: number = Date.now(),
): AnswerRecord {
  return {
    selectedOptionId,
    isCorrect,
    timeSpent: Math.max(0, Math.floor(timeSpent)),
    timestamp: Math.floor(now / 1000),
  };
}
