/** Spec §3: a quiz question as a player sees it. */
export interface QuizOption {
  id: string;
  text: string;
  isCorrect: boolean;
}

export interface QuizQuestion {
  id: string;
  /** Markdown. */
  question: string;
  options: QuizOption[];
  /** Markdown. */
  explanation: string;
  categoryLabel?: string | null;
  categorySlug?: string | null;
}

/** Spec §3: a quiz question as the question bank's editors see it. */
export interface AdminQuizOption extends QuizOption {
  originOrder: number;
}

export interface AdminQuizQuestion {
  id: string;
  question: string;
  explanation: string;
  categorySlug: string;
  categoryLabel: string;
  isActive: boolean;
  options: AdminQuizOption[];
  updatedAt?: string;
}

/** Spec §3 Category. */
export interface QuizCategory {
  slug: string;
  label: string;
}

/** Spec §7: the body of create and update. */
export interface SaveQuestionBody {
  question: string;
  explanation: string;
  /** null: the default category. */
  categoryLabel: string | null;
  options: { text: string }[];
  isActive: boolean;
}
