import { Alert } from '@mantine/core';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import type { AdminPlan } from '../api/admin-plans';
import { useEditPlan } from '../use-edit-plan';
import { PlanChangesConfirm } from './PlanChangesConfirm';
import { PlanForm } from './PlanForm';

/**
 * The edit form of one plan, then a confirmation listing every field that changes, old → new
 * (the price always, changed or not).
 */
export function EditPlan({ plan, onClose }: { plan: AdminPlan; onClose: () => void }) {
  const edit = useEditPlan(plan, onClose);
  const { update } = edit;

  const refusal = update.error ? (
    <Alert color="red" role="alert">
      {describeError(update.error, adminRequestFailed())}
    </Alert>
  ) : null;

  if (edit.confirming)
    return (
      <PlanChangesConfirm
        plan={plan}
        name={edit.name}
        cents={edit.cents}
        changes={edit.changes}
        refusal={refusal}
        saving={update.isPending}
        onBack={edit.back}
        onConfirm={edit.save}
      />
    );

  return (
    <PlanForm
      plan={plan}
      values={edit.values}
      set={edit.set}
      shownError={edit.shownError}
      refusal={refusal}
      onReview={edit.review}
      onCancel={onClose}
    />
  );
}
