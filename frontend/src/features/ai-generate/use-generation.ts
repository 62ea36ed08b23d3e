import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { i18n } from '../../lib/i18n';
import {
  AI_GIVE_UP_MS,
  generationStatusQueryOptions,
  isFinished,
} from './api/get-generation-status';
import {
  requestFailedDetail,
  requestFailedMessage,
  useStartGeneration,
  type StartGenerationBody,
} from './api/start-generation';

/** docs/product.md#states AI generation: idle, running, then completed, failed or timed out. */
export type GenerationState =
  | { phase: 'idle' }
  | { phase: 'running'; workflowId: string | null }
  | { phase: 'completed'; workflowId: string; content: string }
  | { phase: 'failed'; workflowId: string | null; error: string; detail?: string }
  | { phase: 'timedOut'; workflowId: string };

interface Run {
  workflowId: string;
  startedAt: number;
}

/**
 * Starts a generation and follows it: the status every 3 seconds until it completes, fails or times
 * out on the server, and giving up 600 seconds after the start ('request timed out, please retry').
 */
export function useGeneration() {
  const start = useStartGeneration();
  const [run, setRun] = useState<Run | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const status = useQuery({
    ...generationStatusQueryOptions(run?.workflowId ?? ''),
    enabled: Boolean(run) && !gaveUp,
  });
  const current = run ? status.data?.status : undefined;
  const finished = isFinished(current);

  useEffect(() => {
    if (!run || finished) return;
    const timer = setTimeout(
      () => setGaveUp(true),
      Math.max(0, run.startedAt + AI_GIVE_UP_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [run, finished]);

  const { mutate, reset: resetStart } = start;
  const send = useCallback(
    (body: StartGenerationBody) => {
      setRun(null);
      setGaveUp(false);
      mutate(body, {
        onSuccess: ({ workflowId }) => setRun({ workflowId, startedAt: Date.now() }),
      });
    },
    [mutate],
  );

  const reset = useCallback(() => {
    setRun(null);
    setGaveUp(false);
    resetStart();
  }, [resetStart]);

  let state: GenerationState;
  if (start.isPending) {
    state = { phase: 'running', workflowId: null };
  } else if (start.isError) {
    state = {
      phase: 'failed',
      workflowId: null,
      error: requestFailedMessage(start.error),
      detail: requestFailedDetail(start.error),
    };
  } else if (!run) {
    state = { phase: 'idle' };
  } else if (current === 'completed') {
    state = {
      phase: 'completed',
      workflowId: run.workflowId,
      content: status.data?.result?.content ?? '',
    };
  } else if (current === 'failed') {
    state = {
      phase: 'failed',
      workflowId: run.workflowId,
      // 'generation failed' (docs/product.md#errors) in the active language.
      error: status.data?.error?.trim() || i18n.t('ai:generate.failed'),
    };
  } else if (current === 'timed_out' || gaveUp) {
    state = { phase: 'timedOut', workflowId: run.workflowId };
  } else {
    state = { phase: 'running', workflowId: run.workflowId };
  }

  return { state, send, reset };
}
