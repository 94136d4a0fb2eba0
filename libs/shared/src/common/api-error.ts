/** The one error shape of every API answer (DECISIONS.md, API conventions). */
export interface FieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  statusCode: number;
  message: string;
  /** Only for validation errors: one entry per failing field. */
  errors?: FieldError[];
}
