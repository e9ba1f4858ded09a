// Types for dumb-passwords, which ships none: a check against the 10,000 most common passwords.
declare module 'dumb-passwords' {
  const dumbPasswords: { check(password: string): boolean };
  export default dumbPasswords;
}
