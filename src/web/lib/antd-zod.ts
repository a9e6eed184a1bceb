import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd Form rule backed by a zod schema, so staff forms show exactly the messages the server
 * answers with (one schema, both sides).
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
