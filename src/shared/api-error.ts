/** The body of every error answer from the API (DESIGN.md §5). */
export interface FieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  message: string;
  errors?: FieldError[];
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}
