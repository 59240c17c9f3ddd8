import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { regexProblem } from './eform-regex';

/** What an e-form field asks for; the kiosk and the visitor's page render one input per type. */
export const EFORM_INPUT_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'phone',
  'date',
  'select',
  'radio',
  'checkbox',
  'file',
] as const;
export type EformInputType = (typeof EFORM_INPUT_TYPES)[number];
/** Types whose answer is one (or, for checkbox, several) of the field's options. */
const CHOICE_TYPES: readonly EformInputType[] = ['select', 'radio', 'checkbox'];
export const isChoiceType = (type: EformInputType): boolean => CHOICE_TYPES.includes(type);

export const EFORM_FIELDS_MAX = 50;
const EFORM_OPTIONS_MAX = 50;
export const EFORM_LABEL_MAX = 100;
const EFORM_TEXT_MAX = 200;
/** The longest answer accepted (a textarea's too): it also bounds what a field's regex runs on. */
export const EFORM_ANSWER_MAX = 500;
const FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;

const optionalText = (max: number) => z.string().trim().max(max).nullable();

/** One field of a service's e-form, as stored and as the admin edits it. */
const EformFieldSchema = z
  .object({
    id: IdSchema,
    /** The answer's key (`nik`, `alamat`): lower-case letters, digits and `_`, unique in the form. */
    field: z.string().trim().min(1).max(40).regex(FIELD_KEY, { error: 'v.eform.fieldKey' }),
    label: z.string().trim().min(1).max(EFORM_LABEL_MAX),
    inputType: z.enum(EFORM_INPUT_TYPES),
    placeholder: optionalText(EFORM_TEXT_MAX),
    /** Matched against the whole answer; checked to compile and to be free of catastrophic backtracking. */
    regex: optionalText(EFORM_TEXT_MAX)
      .refine((v) => v === null || v === '' || regexProblem(v) !== 'invalid', {
        error: 'v.regex.invalid',
      })
      .refine((v) => v === null || v === '' || regexProblem(v) !== 'unsafe', { error: 'v.regex.unsafe' }),
    required: z.boolean(),
    /** Shown instead of the generic message when an answer is refused. */
    validationMessage: optionalText(EFORM_TEXT_MAX),
    /** The choices of a select, radio or checkbox field. */
    options: z.array(z.string().trim().min(1).max(EFORM_LABEL_MAX)).max(EFORM_OPTIONS_MAX),
  })
  .meta({ id: 'EformField' });
export type EformField = z.infer<typeof EformFieldSchema>;

/** A field in the editor: an existing one keeps its id. */
const EformFieldInputSchema = EformFieldSchema.extend({ id: IdSchema.optional() }).strict();

/**
 * A service's e-form saved whole, fields in order. Field keys are unique; a choice field has at
 * least one option (and no option twice).
 */
export const EformInputSchema = z
  .object({ fields: z.array(EformFieldInputSchema).max(EFORM_FIELDS_MAX) })
  .strict()
  .superRefine((value, ctx) => {
    const keys = new Set<string>();
    for (const [index, f] of value.fields.entries()) {
      if (keys.has(f.field)) {
        ctx.addIssue({ code: 'custom', path: ['fields', index, 'field'], message: 'v.eform.fieldTaken' });
      }
      keys.add(f.field);
      if (isChoiceType(f.inputType) && f.options.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['fields', index, 'options'], message: 'v.eform.options' });
      }
      if (new Set(f.options.map((o) => o.toLowerCase())).size !== f.options.length) {
        ctx.addIssue({ code: 'custom', path: ['fields', index, 'options'], message: 'v.eform.optionTaken' });
      }
    }
  });
export type EformInput = z.infer<typeof EformInputSchema>;

export const EformSchema = z
  .object({ serviceId: IdSchema, fields: z.array(EformFieldSchema) })
  .meta({ id: 'Eform' });
export type Eform = z.infer<typeof EformSchema>;
