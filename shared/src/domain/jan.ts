/**
 * JAN (the Japanese EAN) codes: 13 digits (or the short 8-digit form) whose last digit is a
 * GS1 mod-10 check digit. Scanners type the digits then Enter.
 */
export function janCheckDigit(body: string): number {
  let sum = 0;
  // Weights alternate 3,1,3,… from the digit next to the check digit.
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidJan(code: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(code)) return false;
  return janCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** Completes a 12- or 7-digit body with its check digit. */
export const withJanCheckDigit = (body: string) => `${body}${janCheckDigit(body)}`;
