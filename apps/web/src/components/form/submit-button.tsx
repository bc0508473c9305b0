import type { ReactNode } from 'react';
import { buttonClasses } from '../button-styles';

interface Props {
  saving: boolean;
  /** The form is invalid: nothing to submit yet. */
  invalid?: boolean;
  children?: ReactNode;
}

/** docs/product.md#states-and-transitions: reads 'Saving...' and stays disabled while saving or while the form is invalid. */
export function SubmitButton({ saving, invalid = false, children = 'Save' }: Props) {
  return (
    <button type="submit" className={buttonClasses('primary')} disabled={saving || invalid} aria-busy={saving || undefined}>
      {saving ? 'Saving...' : children}
    </button>
  );
}
