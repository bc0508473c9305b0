import type { ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay, Radio } from 'react-aria-components';
import { focusRing } from '../../../components/button-styles';
import { inputClasses } from '../../../components/form/field-error';

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

const radioClass = `flex cursor-pointer items-center gap-3 rounded-lg border border-white/10 px-3 py-2 text-sm text-slate-100 ${focusRing} data-[selected]:border-neon-cyan/70 data-[selected]:bg-neon-cyan/10`;

/** One choice of a radio group, with its visible dot. */
export function ChoiceRadio({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Radio value={value} className={radioClass}>
      {({ isSelected }) => (
        <>
          <span
            aria-hidden="true"
            className={`size-4 shrink-0 rounded-full border-2 ${isSelected ? 'border-neon-cyan bg-neon-cyan shadow-[inset_0_0_0_2px_var(--color-night-900)]' : 'border-slate-400'}`}
          />
          {children}
        </>
      )}
    </Radio>
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
