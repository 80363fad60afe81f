import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';

/** The email input of the login and signup forms: the email keyboard on phones, and the browser's saved address. */
export const EmailField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label' | 'type'>>(
  function EmailField(props, ref) {
    return <TextField ref={ref} label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
  },
);
