import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckboxField } from '../../components/form/checkbox-field';
import { FormCard } from '../../components/form/form-layout';
import { TextField } from '../../components/form/text-field';
import type { capabilityGroups } from '../../lib/api/roles';
import { useSession } from '../../lib/auth/session-context';
import { forgetPendingAction, isStepUpRequired, pendingAction, savePendingAction } from '../../lib/auth/step-up';
import { rpcFailureText } from '../../lib/rpc/rpc-error';
import { CapabilityChecklist } from './capability-checklist';
import { roleFormSchema, type RoleFormValues } from './role-form-schema';

interface Props {
  initial: RoleFormValues;
  editing?: boolean;
  saving: boolean;
  groups: ReturnType<typeof capabilityGroups>;
  /** Saves; a rejection is the server's refusal, shown above the buttons (its message names the field). */
  onSubmit: (values: RoleFormValues) => Promise<unknown>;
}

export function RoleForm({ initial, editing = false, saving, groups, onSubmit }: Props) {
  // A save refused for an old sign-in waits here while the user signs in again (lib/auth/step-up.ts).
  const stepUpAction = `role-form:${editing ? initial.name : ''}`;
  const session = useSession();
  const [resumed] = useState(() => roleFormSchema.safeParse(pendingAction(stepUpAction)).data);
  const { control, handleSubmit, formState } = useForm<RoleFormValues>({
    resolver: zodResolver(roleFormSchema),
    mode: 'all',
    defaultValues: resumed ?? initial,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = (values: RoleFormValues) => {
    setRefusal(null);
    return onSubmit(values).catch((error: unknown) => {
      if (!isStepUpRequired(error)) return setRefusal(rpcFailureText(error));
      savePendingAction(stepUpAction, values);
      return session.stepUp();
    });
  };
  // Back from signing in again: saved once, as it was filled in.
  const resubmitted = useRef(false);
  const resubmit = useEffectEvent(() => {
    resubmitted.current = true;
    forgetPendingAction();
    void handleSubmit(save)();
  });
  useEffect(() => {
    if (resumed && !resubmitted.current) resubmit();
  }, [resumed]);
  return (
    <FormCard
      label={editing ? 'Edit role' : 'New role'}
      onSubmit={handleSubmit(save)}
      saving={saving}
      disabled={!formState.isValid || (editing && !formState.isDirty)}
      cancelTo="/admin/roles"
      fill
    >
      <TextField control={control} name="name" label="Name" autoComplete="off" readOnly={editing} hint={editing ? 'A role keeps its name.' : undefined} />
      <TextField control={control} name="description" label="Description" autoComplete="off" />
      <CheckboxField control={control} name="sole" label="Held alone (an account holding it holds none of its other roles)" />
      <CapabilityChecklist control={control} groups={groups} />
      {refusal && (
        <p role="alert" className="rounded-md border border-rose-400/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          The server refused the role: {refusal}
        </p>
      )}
    </FormCard>
  );
}
