/**
 * Admin-written regular expressions of e-form fields run on every visitor's answer (browser and
 * server), so one that backtracks catastrophically would freeze a kiosk or the server. Guard:
 * - the pattern is at most EFORM_REGEX_MAX characters and compiles with the `u` flag;
 * - no back-references (`\1`, `\k<name>`): matching them is exponential in general;
 * - no quantified group that itself contains a quantifier or an alternation (`(a+)+`, `(a|ab)*`,
 *   `(\d{1,3}.)+`…): the shapes behind exponential backtracking (star height above one, or
 *   overlapping alternatives repeated). Bounded repeats of a plain group (`(ab){2}`) stay allowed.
 * - answers are capped in length (EFORM_ANSWER_MAX), which bounds the polynomial cases left
 *   (`\d+\d+\d+` on 500 characters is cheap).
 * Conservative on purpose: a rejected pattern can always be written another way.
 */
export const EFORM_REGEX_MAX = 200;

export type RegexProblem = 'invalid' | 'unsafe';

/** Why a pattern is refused, or null when it may be used. */
export function regexProblem(pattern: string): RegexProblem | null {
  if (pattern.length > EFORM_REGEX_MAX) return 'invalid';
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'invalid';
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'unsafe';
  // Per open group: whether it holds a quantifier or an alternation so far.
  const groups: { risky: boolean }[] = [];
  let lastGroupRisky = false;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i += 1; // an escaped character is a literal (or a class like \d): one atom
      lastGroupRisky = false;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    const top = groups[groups.length - 1];
    switch (c) {
      case '[':
        inClass = true;
        lastGroupRisky = false;
        break;
      case '(':
        groups.push({ risky: false });
        lastGroupRisky = false;
        break;
      case ')': {
        const closed = groups.pop();
        lastGroupRisky = closed?.risky ?? false;
        // A group inside a risky group makes the outer one risky too (checked when it is quantified).
        const outer = groups[groups.length - 1];
        if (outer && closed?.risky) outer.risky = true;
        continue; // the next character may quantify this group
      }
      case '|':
        if (top) top.risky = true;
        lastGroupRisky = false;
        break;
      case '*':
      case '+':
      case '?':
      case '{': {
        const quantifier = c !== '{' || /^\{\d+(,\d*)?\}/.test(pattern.slice(i));
        if (!quantifier) break;
        const repeats = c === '*' || c === '+' || (c === '{' && /^\{\d+,\d*\}/.test(pattern.slice(i)));
        if (repeats && pattern[i - 1] === ')' && lastGroupRisky) return 'unsafe';
        if (top && c !== '?') top.risky = true;
        if (c === '{') i = pattern.indexOf('}', i);
        lastGroupRisky = false;
        continue;
      }
      default:
        lastGroupRisky = false;
    }
  }
  return null;
}
