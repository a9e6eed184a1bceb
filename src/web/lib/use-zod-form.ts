import { useCallback, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { FieldError } from '#shared/api-error';

type Values<S extends z.ZodObject> = { [K in keyof z.input<S>]: string };
type Errors<S extends z.ZodObject> = Partial<Record<keyof z.input<S> & string, string>>;

/**
 * Form state for the public pages (no antd there), validated by the same zod schema the server
 * uses, so a visitor sees the specification's messages before and after a round trip.
 */
export function useZodForm<S extends z.ZodObject>(schema: S, initial: Values<S>, options: { messageText?: (message: string) => string } = {}) {
  const { messageText } = options;
  const [values, setValues] = useState<Values<S>>(initial);
  const [errors, setErrors] = useState<Errors<S>>({});

  const validateField = useCallback(
    (name: keyof Values<S> & string, next: Values<S>) => {
      const result = schema.safeParse(next);
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === name);
      setErrors((prev) => ({ ...prev, [name]: issue?.message }));
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
          next[key] ??= issue.message;
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
    const next: Record<string, string> = {};
    for (const e of fieldErrors) next[e.field.split('.').pop()!] ??= e.message;
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
    errors,
    setValue,
    handleSubmit,
    setServerErrors,
    reset,
    /** Props for a <TextField>: value, error and change/blur handlers for one field. */
    field: (name: keyof Values<S> & string) => ({
      name,
      value: values[name],
      // The rule's message in the page's language: the rules and the API speak English.
      error: errors[name] && messageText ? messageText(errors[name]) : errors[name],
      onChange: (value: string) => setValue(name, value),
      onBlur: () => validateField(name, values),
    }),
  };
}
