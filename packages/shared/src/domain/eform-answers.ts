import type { ValidationMessageKey } from '../i18n/validation';
import { EFORM_ANSWER_MAX, isChoiceType, type EformField } from './eform';
import { regexProblem } from './eform-regex';

/** A visitor's answers by field key: text, or the ticked options of a checkbox field. */
export type EformAnswers = Readonly<Record<string, string | readonly string[] | null | undefined>>;

/**
 * Why an answer is refused: the admin's validation message for the field when it has one, else a
 * shared validation key (`v.required`, `v.email`, …) the reader localizes.
 */
export type EformAnswerError = { message: string } | { key: ValidationMessageKey };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^(\+?62|0)8[0-9]{7,12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d;
}

/** The generic check of one non-empty answer by the field's type, or null when it passes. */
function typeProblem(field: EformField, value: string | readonly string[]): ValidationMessageKey | null {
  if (field.inputType === 'checkbox') {
    const values = typeof value === 'string' ? [value] : value;
    return values.every((v) => field.options.includes(v)) ? null : 'v.enum';
  }
  if (typeof value !== 'string') return 'v.type';
  if (value.length > EFORM_ANSWER_MAX) return 'v.string.max';
  if (isChoiceType(field.inputType)) return field.options.includes(value) ? null : 'v.enum';
  switch (field.inputType) {
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? null : 'v.number.type';
    case 'email':
      return EMAIL.test(value) ? null : 'v.email';
    case 'phone':
      return PHONE.test(value) ? null : 'v.phone';
    case 'date':
      return isDate(value) ? null : 'v.date';
    case 'file':
      return FILE_ID.test(value) ? null : 'v.uuid';
    default:
      return null;
  }
}

function matchesRegex(field: EformField, value: string): boolean {
  const pattern = field.regex;
  if (!pattern) return true;
  // A stored pattern is checked when saved; one that would not pass today refuses nothing.
  if (regexProblem(pattern) !== null) return true;
  return new RegExp(`^(?:${pattern})$`, 'u').test(value);
}

/**
 * Checks a visitor's answers against a service's e-form fields (used by the kiosk, the visitor's
 * page and the server alike). Returns the refused fields by key; empty when every answer passes.
 * Answers to keys the form does not have are ignored (the caller stores only the form's fields).
 */
export function validateEformAnswers(
  fields: readonly EformField[],
  answers: EformAnswers,
): Record<string, EformAnswerError> {
  const errors: Record<string, EformAnswerError> = {};
  for (const field of fields) {
    const raw = answers[field.field];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    const empty =
      value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    const refuse = (key: ValidationMessageKey) => {
      errors[field.field] = field.validationMessage ? { message: field.validationMessage } : { key };
    };
    if (empty) {
      if (field.required) {
        refuse(
          field.inputType === 'checkbox' || isChoiceType(field.inputType) ? 'v.mustChoose' : 'v.required',
        );
      }
      continue;
    }
    const problem = typeProblem(field, value);
    if (problem) {
      refuse(problem);
      continue;
    }
    if (typeof value === 'string' && !matchesRegex(field, value)) refuse('v.format');
  }
  return errors;
}
