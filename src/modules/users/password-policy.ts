/**
 * Password rules (reference §1.5): at least 8 characters with an upper-case letter, a
 * lower-case letter, a digit and a special character. A failure is a 400 whose `detail`
 * object existing clients parse (`code: WEAK_PASSWORD`).
 */
import { badRequest } from '../../core/errors/http-errors.ts';

const SPECIALS = new Set('!@#$%^&*()_+-=[]{}|;\':",./<>?');

export interface PasswordCheck {
  min_length: boolean;
  has_uppercase: boolean;
  has_lowercase: boolean;
  has_number: boolean;
  has_special: boolean;
}

export function checkPassword(password: string): PasswordCheck {
  return {
    min_length: password.length >= 8,
    has_uppercase: /[A-Z]/.test(password),
    has_lowercase: /[a-z]/.test(password),
    has_number: /[0-9]/.test(password),
    has_special: [...password].some((char) => SPECIALS.has(char)),
  };
}

const MESSAGES: Record<keyof PasswordCheck, string> = {
  min_length: 'Password must be at least 8 characters long',
  has_uppercase: 'Password must contain at least one uppercase letter',
  has_lowercase: 'Password must contain at least one lowercase letter',
  has_number: 'Password must contain at least one number',
  has_special: 'Password must contain at least one special character',
};

export function assertStrongPassword(password: string): void {
  const requirements = checkPassword(password);
  const errors = (Object.keys(requirements) as (keyof PasswordCheck)[])
    .filter((rule) => !requirements[rule])
    .map((rule) => MESSAGES[rule]);
  if (errors.length > 0) {
    throw badRequest({
      code: 'WEAK_PASSWORD',
      message: 'Password does not meet security requirements',
      errors,
      requirements,
    });
  }
}
