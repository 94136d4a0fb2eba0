/** The one error shape of every API answer (DECISIONS.md, API conventions). */
export interface FieldError {
  /**
   * The field as the request named it (a nested one as a dotted path).
   * @example "email"
   */
  field: string;
  /** @example "email must be an email" */
  message: string;
}

/** The one error shape of every answer that is not a success. */
export interface ApiErrorBody {
  /**
   * The answer's HTTP status, repeated.
   * @asType integer
   * @example 400
   */
  statusCode: number;
  /**
   * What a person should read.
   * @example "Validation failed"
   */
  message: string;
  /** Only for validation errors: one entry per failing field. */
  errors?: FieldError[];
}
