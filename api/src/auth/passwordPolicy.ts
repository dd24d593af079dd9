// Passwords people pick most often (common-passwords.txt, one a line, lower-case) are refused at sign-up.
import { readFileSync } from 'node:fs';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common password.';

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}
