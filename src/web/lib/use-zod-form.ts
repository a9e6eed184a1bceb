import { useCallback, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { FieldError, Said } from '#shared/api-error';
import { said } from '#shared/i18n/message-keys';

type Values<S extends z.ZodObject> = { [K in keyof z.input<S>]: string };
type Errors<S extends z.ZodObject> = Partial<Record<keyof z.input<S> & string, Said>>;

/**
 * Form state for the public pages (no antd there), validated by the same zod schema the server
 * uses, so a visitor sees the specification's messages before and after a round trip.
 */
export function useZodForm<S extends z.ZodObject>(schema: S, initial: Values<S>, options: { say?: (said: Said) => string } = {}) {
  const { say = (refused: Said) => refused.message } = options;
  const [values, setValues] = useState<Values<S>>(initial);
  const [errors, setErrors] = useState<Errors<S>>({});

  const validateField = useCallback(
    (name: keyof Values<S> & string, next: Values<S>) => {
      const result = schema.safeParse(next);
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === name);
      setErrors((prev) => ({ ...prev, [name]: issue ? said(issue.message) : undefined }));
    },
    [schema],
  );

  const setValue = useCallback(
    (name: keyof Values<S> & string, value: string) => {
      setValues((prev) => {
        const next = { ...prev, [name]: value };
        // Once a field shows an error, re-check it as the visitor types so the error clears.
        setErrors((prevErrors) => {
          if (prevErrors[name]) queueMicrotask(() => validateField(name, next));
          return prevErrors;
        });
        return next;
      });
    },
    [validateField],
  );

  /** Wraps a submit handler: validates everything first and focuses the first invalid field. */
  const handleSubmit = useCallback(
    (onValid: (data: z.output<S>) => void | Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const result = schema.safeParse(values);
      if (!result.success) {
        const next: Errors<S> = {};
        for (const issue of result.error.issues) {
          const key = String(issue.path[0]) as keyof Errors<S>;
          next[key] ??= said(issue.message);
        }
        setErrors(next);
        const first = Object.keys(next)[0];
        if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
        return;
      }
      setErrors({});
      await onValid(result.data);
    },
    [schema, values],
  );

  /** Shows field errors that came back from the server (400 with `errors`). */
  const setServerErrors = useCallback((fieldErrors: FieldError[]) => {
    const next: Record<string, Said> = {};
    for (const { field, ...refusal } of fieldErrors) next[field.split('.').pop()!] ??= refusal;
    setErrors(next as Errors<S>);
  }, []);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
    // `initial` is the caller's constant; resetting to it is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    values,
    /** Each field's error, in the page's language (by its catalogue key when it has one). */
    errors: Object.fromEntries(Object.entries(errors).map(([name, refusal]) => [name, refusal ? say(refusal as Said) : undefined])) as Partial<
      Record<keyof z.input<S> & string, string>
    >,
    setValue,
    handleSubmit,
    setServerErrors,
    reset,
    /** Props for a <TextField>: value, error and change/blur handlers for one field. */
    field: (name: keyof Values<S> & string) => ({
      name,
      value: values[name],
      // The rule's message in the page's language, by its catalogue key (docs/decisions/0059).
      error: errors[name] ? say(errors[name]) : undefined,
      onChange: (value: string) => setValue(name, value),
      onBlur: () => validateField(name, values),
    }),
  };
}
