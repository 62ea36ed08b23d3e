import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export const AI_JOB_STATUSES = ['pending', 'running', 'completed', 'failed', 'timed_out'] as const;
export type AiJobFigures = Record<(typeof AI_JOB_STATUSES)[number], number>;

/**
 * The AI module's named query for the metrics (it owns the job queue; MetricsModule only composes the
 * figures): jobs by status, the whole database's, read when Prometheus scrapes.
 */
@Injectable()
export class AiJobFiguresQuery {
  constructor(private readonly em: EntityManager) {}

  async figures(): Promise<AiJobFigures> {
    const rows = await this.em
      .getConnection()
      .execute<{ status: string; n: string | number }[]>(
        'select status, count(*) as n from ai_jobs group by status',
      );
    const figures = Object.fromEntries(AI_JOB_STATUSES.map((s) => [s, 0])) as AiJobFigures;
    for (const r of rows)
      if ((AI_JOB_STATUSES as readonly string[]).includes(r.status))
        figures[r.status as keyof AiJobFigures] = Number(r.n);
    return figures;
  }
}
