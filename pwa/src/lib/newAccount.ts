// Whether the signed-in person is new here: the browser tab that created the account remembers it, so
// the dashboard says 'Welcome' there and 'Welcome back' on every later visit and sign-in.
const NEW_ACCOUNT_KEY = 'printfarm.new-account';

export function rememberNewAccount(userId: string): void {
  try {
    window.sessionStorage.setItem(NEW_ACCOUNT_KEY, userId);
  } catch {
    // Without storage the person is greeted as returning, which is only a word.
  }
}

export function forgetNewAccount(): void {
  try {
    window.sessionStorage.removeItem(NEW_ACCOUNT_KEY);
  } catch {
    // Nothing was remembered.
  }
}

export function isNewAccount(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(NEW_ACCOUNT_KEY) === userId;
  } catch {
    return false;
  }
}
