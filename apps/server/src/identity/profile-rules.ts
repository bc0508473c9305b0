import { controlError, textError } from "../platform/text-rules.js";
import { isCommonPassword } from "./common-passwords.js";
import { MAX_PASSWORD_LENGTH } from "./passwords.js";

/** Validation of what users type on the registration and account pages: plain functions, messages for humans. */

export const MIN_PASSWORD_LENGTH = 8;
const USERNAME = /^[a-z0-9._-]{3,32}$/;
// Pragmatic: one @, something on each side, a dot in the domain, no spaces. The address is never mailed (yet).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RegistrationInput {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  passwordConfirm: string;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function normaliseRegistration(form: URLSearchParams): RegistrationInput {
  const text = (name: string) => (form.get(name) ?? "").trim();
  return {
    // Keycloak stores usernames and emails in lower case; so do we (and compare that way).
    username: text("username").toLowerCase(),
    email: text("email").toLowerCase(),
    firstName: text("firstName"),
    lastName: text("lastName"),
    password: form.get("password") ?? "",
    passwordConfirm: form.get("passwordConfirm") ?? "",
  };
}

export function usernameError(username: string): string | undefined {
  if (!username) return "Please enter a username.";
  const text = textError("The username", username);
  if (text) return text;
  if (!USERNAME.test(username)) return "Use 3–32 characters: letters, digits, dot, dash or underscore.";
  return undefined;
}

export function emailError(email: string): string | undefined {
  if (!email) return "Please enter your email address.";
  const text = textError("The email address", email);
  if (text) return text;
  if (email.length > 254 || !EMAIL.test(email)) return "Please enter a valid email address, like name@example.com.";
  return undefined;
}

export function nameError(value: string, which: "first" | "last"): string | undefined {
  if (!value) return `Please enter your ${which} name.`;
  const text = textError(`The ${which} name`, value);
  if (text) return text;
  if (value.length > 64) return `The ${which} name can have at most 64 characters.`;
  return undefined;
}

export function newPasswordErrors(password: string, confirm: string, username?: string): { password?: string; confirm?: string } {
  const control = controlError("The password", password);
  if (control) return { password: control };
  if (password.length < MIN_PASSWORD_LENGTH) return { password: `The password needs at least ${MIN_PASSWORD_LENGTH} characters.` };
  if (password.length > MAX_PASSWORD_LENGTH) return { password: `The password can have at most ${MAX_PASSWORD_LENGTH} characters.` };
  if (username && password.toLowerCase() === username.toLowerCase()) return { password: "The password must not be your username." };
  if (isCommonPassword(password)) return { password: "This password is one of the most common ones; choose another." };
  if (password !== confirm) return { confirm: "The passwords do not match." };
  return {};
}

export function registrationErrors(input: RegistrationInput): FieldErrors<keyof RegistrationInput> {
  const passwords = newPasswordErrors(input.password, input.passwordConfirm, input.username);
  const errors: FieldErrors<keyof RegistrationInput> = {
    username: usernameError(input.username),
    email: emailError(input.email),
    firstName: nameError(input.firstName, "first"),
    lastName: nameError(input.lastName, "last"),
    password: passwords.password,
    passwordConfirm: passwords.confirm,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v));
}

export const TAKEN = {
  username: "This username is already taken.",
  email: "An account with this email already exists.",
} as const;
