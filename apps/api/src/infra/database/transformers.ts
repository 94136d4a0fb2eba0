import type { ValueTransformer } from 'typeorm';

/** decimal(10,2): mysql2 answers a string, SQLite a float; both become numbers. */
export const decimalToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};
