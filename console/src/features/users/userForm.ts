export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  /** Edit only: false makes the account inactive (it cannot sign in). */
  active: boolean;
}

export type UserFormErrors = Partial<Record<'firstName' | 'lastName' | 'email' | 'role', string>>;

/** A simple address pattern: something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The invite and edit user rules of spec 002 §5, with their exact messages. */
export function validateUser(values: UserFormValues): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'Please provide valid first name';
  if (!values.lastName.trim()) errors.lastName = 'Please provide valid last name';
  const email = values.email.trim();
  if (!email) errors.email = 'Please provide valid email';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Entered value does not match email format';
  if (!values.role) errors.role = 'Please select any role';
  return errors;
}

export const EMPTY_USER: UserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  role: '',
  active: true,
};
