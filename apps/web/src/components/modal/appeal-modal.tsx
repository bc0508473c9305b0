import type { ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { inputClasses } from '../form/field-error';

/** The appeal screens' modal: React Aria's, as the report dialog's. */
export function AppealModal({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-2 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out sm:items-center sm:p-4"
    >
      <Modal className="relative max-h-[calc(100dvh-1rem)] w-full max-w-md overflow-y-auto rounded-xl border border-white/15 bg-night-900 p-5 shadow-2xl shadow-black/60 data-[entering]:animate-modal-in data-[exiting]:animate-modal-out sm:p-6">
        <Dialog className="outline-none">{children}</Dialog>
      </Modal>
    </ModalOverlay>
  );
}

const radioClass = `flex cursor-pointer items-center gap-3 rounded-lg border border-white/10 px-3 py-2 text-sm text-slate-100 has-[:checked]:border-neon-cyan/70 has-[:checked]:bg-neon-cyan/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-neon-cyan`;

/** A native radio choice group (a fieldset with its legend), its error below. */
export function ChoiceGroup<T extends string>(props: {
  legend: string;
  name: string;
  choices: readonly { id: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  error?: string;
  errorId: string;
}) {
  const { legend, name, choices, value, onChange, error, errorId } = props;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 block text-sm font-medium text-slate-200">{legend}</legend>
      {choices.map((c) => (
        <label key={c.id} className={radioClass}>
          <input type="radio" name={name} value={c.id} checked={value === c.id} onChange={() => onChange(c.id)} className="size-4 accent-cyan-400" />
          {c.label}
        </label>
      ))}
      {error && (
        <p id={errorId} className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A labelled text area with its counter or its error. */
export function TextAreaField(props: {
  id: string;
  errorId: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  max: number;
}) {
  const { id, errorId, label, value, onChange, error, max } = props;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClasses(!!error)}
      />
      <p id={error ? errorId : undefined} className={`mt-1 text-xs ${error ? 'text-rose-300' : 'text-slate-400'}`}>
        {error ?? `${[...value.trim()].length}/${max}`}
      </p>
    </div>
  );
}
